// `npm run build`'s second step: the production server (src/server/main.ts and what it imports) bundled
// into dist/, so a start loads a few files with plain `node` (`node dist/server-main.js`) instead of tsx
// transpiling some 200 TypeScript files and Node resolving some 1,300 package modules one by one.
// Not in build/: `react-router build` empties build/ first, and `npm start` runs it beside a server.
import { rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const OUT_DIR = "dist/server-app";

/**
 * Left to Node's own loading: native and WebAssembly packages; packages that read files beside their own
 * code (fonts, static assets, worker scripts); and the packages the React Router build (build/server,
 * loaded at run time) imports, so that the pages and the server share one instance of each, as they do
 * under tsx. drizzle-orm is the exception: both builds inline it (see vite.config.ts).
 */
const EXTERNAL = [
  // Shared with the React Router build.
  "react",
  "react-dom",
  "react-router",
  "@react-router/*",
  "zod",
  "lucide-react",
  "isbot",
  "qrcode",
  "ical-generator",
  "clsx",
  "class-variance-authority",
  "idb",
  "sonner",
  "@radix-ui/*",
  // Development only (`npm run dev` runs the sources under tsx).
  "vite",
  "@fastify/middie",
  // Native, WebAssembly, or reading their own files from disk.
  "@electric-sql/pglite",
  "sharp",
  "pdfkit",
  "@expo-google-fonts/*",
  "@fastify/swagger-ui",
  "pino",
  "pino-pretty",
  "thread-stream",
  "pg-native",
];

const started = performance.now();
// No chunks of an earlier build left beside the new ones.
rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: "src/server/main.ts" },
  outdir: OUT_DIR,
  bundle: true,
  // What only some requests or configurations need is imported with import(): its own chunk, loaded
  // when first used rather than at every start.
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);' },
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
});

// The entry users run: Node's compile cache first (a restart reuses the V8 code the last start compiled
// instead of compiling megabytes of JavaScript again), then the server.
writeFileSync(
  "dist/server-main.js",
  `// Made by scripts/build-server.mjs (npm run build): \`node dist/server-main.js\` runs the production server.
import { enableCompileCache } from "node:module";
enableCompileCache();
await import("./server-app/main.js");
`,
);
if (process.argv.includes("--report")) {
  writeFileSync(`${OUT_DIR}/meta.json`, JSON.stringify(result.metafile));
  console.log(`${Object.keys(result.metafile.inputs).length} modules bundled in ${(performance.now() - started).toFixed(0)} ms`);
}
