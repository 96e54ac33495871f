/**
 * The README's layout rules, checked by `npm run lint` (dependency-cruiser): an import that breaks one fails.
 *
 * Server features stand in layers: a feature may import features of lower layers only, never one of its own
 * layer or above, so no two features can ever depend on each other (issue 33). Move a feature to another
 * layer here, and in the README's Layout, when the design changes; never to let one import through.
 */
const SERVER_LAYERS = [
  ["auth", "images", "contact", "dev-mailbox"],
  ["ledger"],
  ["affiliates", "receipts"],
  ["events"],
  ["payouts", "codes", "door"],
  ["refunds"],
  ["tickets"],
  ["checkout"],
  ["check-in", "event-changes", "provider-events", "profiles", "waiting-list"],
  ["dashboard", "realtime", "seo", "stats", "assistant", "data-rights"],
];

/** Tests drive the whole app (a payout test buys tickets first): they may import any feature. */
const TESTS = "\\.test\\.tsx?$";
const feature = (name) => `^src/server/features/${name}/`;
const either = (names) => `^src/server/features/(${names.join("|")})/`;

const layerRules = SERVER_LAYERS.flatMap((layer, index) => {
  const above = SERVER_LAYERS.slice(index + 1).flat();
  return layer.map((name) => ({
    name: `server-layers:${name}`,
    comment: `${name} may import only features of lower layers (.dependency-cruiser.mjs SERVER_LAYERS)`,
    severity: "error",
    from: { path: feature(name), pathNot: TESTS },
    to: { path: either([...above, ...layer.filter((other) => other !== name)]) },
  }));
});

export default {
  forbidden: [
    ...layerRules,
    {
      name: "server-feature-listed",
      comment: "every server feature folder has a place in SERVER_LAYERS",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/" },
      to: { path: "^src/server/features/", pathNot: either(SERVER_LAYERS.flat()) },
    },
    {
      name: "domain-is-pure",
      comment: "src/domain holds pure rules shared by server and browser: it imports nothing of the server or the web app",
      severity: "error",
      from: { path: "^src/domain/", pathNot: TESTS },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "web-features-apart",
      comment: "web features never import each other: a route composes pieces of several (README Layout)",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "browser-not-server",
      comment: "browser code reaches the server only through *.server.ts modules, which React Router keeps out of the bundle",
      severity: "error",
      from: { path: "^src/web/", pathNot: "\\.server\\.tsx?$|^src/web/entry\\.server\\.tsx$" },
      to: { path: "^src/server/" },
    },
    {
      name: "browser-not-sql",
      comment: "the SQL forms of domain rules (src/domain/*.sql.ts) are for the server; drizzle stays out of the browser",
      severity: "error",
      from: { path: "^src/web/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "^src/domain/.+\\.sql\\.ts$" },
    },
    {
      name: "browser-no-class-merging",
      comment:
        "no class-merging library at run time (issue 35): cn joins classes with clsx, and components offer variants instead of letting a caller's class override theirs",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "(^|/)node_modules/tailwind-merge/" },
    },
    {
      name: "server-not-web",
      comment: "the server does not import the web app's modules (it renders the built app through web-handler.ts)",
      severity: "error",
      from: { path: "^src/server/", pathNot: TESTS },
      to: { path: "^src/web/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.react-router/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
