import { fileURLToPath } from "node:url";
import { build, loadConfigFromFile, type Plugin, type Rolldown } from "vite";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

// The pages that check a form with the server's zod schema before sending it (issue 35).
const PAGES = ["create-event", "profile-edit", "email-test", "vat-invoices", "contact"];

const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const CHECKS = /[\\/]lib[\\/][\w-]+-checks\.ts$/;

/** Each page as the browser gets it: the route module's component alone (React Router's build drops its loader and action). */
const pageComponents: Plugin = {
  name: "page-components",
  resolveId: (id) => (id.startsWith("page:") ? `\0${id}` : null),
  load: (id) => (id.startsWith("\0page:") ? `export { default } from ${JSON.stringify(`${root}src/web/routes/${id.slice("\0page:".length)}.tsx`)};` : null),
};

const isPackage = (id: string) => /^[\w@]/.test(id) && !id.startsWith("@domain") && !id.startsWith("page:");

/** The modules of the chunks `from` loads with it (static imports), or also later (dynamic imports). */
function modulesReached(chunks: Map<string, Rolldown.OutputChunk>, from: Rolldown.OutputChunk, { later }: { later: boolean }): string[] {
  const seen = new Set<string>();
  const queue = [from.fileName];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const chunk = chunks.get(file);
    if (seen.has(file) || !chunk) continue;
    seen.add(file);
    queue.push(...chunk.imports, ...(later ? chunk.dynamicImports : []));
  }
  return [...seen].flatMap((file) => chunks.get(file)!.moduleIds);
}

test("the pages that check a form with zod load it when the form is sent, never with the page", { timeout: 120_000 }, async () => {
  // The app's own aliases and tree shaking (vite.config.ts); every package but zod is left out.
  const { config } = (await loadConfigFromFile({ command: "build", mode: "production" }, `${root}vite.config.ts`, root, "silent"))!;
  const result = await build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [pageComponents],
    resolve: { alias: config.resolve!.alias },
    build: {
      write: false,
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(PAGES.map((page) => [page, `page:${page}`])),
        preserveEntrySignatures: "exports-only",
        external: (id) => (isPackage(id) && !id.startsWith("zod")) || /\.css($|\?)/.test(id),
        treeshake: config.build!.rollupOptions!.treeshake,
      },
    },
  });
  const output = (Array.isArray(result) ? result : [result]).flatMap((one) => ("output" in one ? one.output : []));
  const chunks = new Map(output.flatMap((file) => (file.type === "chunk" ? [[file.fileName, file] as const] : [])));
  for (const page of PAGES) {
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === page)!;
    const onArrival = modulesReached(chunks, entry, { later: false });
    expect({ page, zodWithThePage: onArrival.some((id) => ZOD.test(id)) }).toEqual({ page, zodWithThePage: false });
    // The check is still there, and zod comes with it when the form is sent.
    const checks = [...chunks.values()].filter((chunk) => chunk.moduleIds.some((id) => CHECKS.test(id)) && modulesReached(chunks, entry, { later: true }).some((id) => chunk.moduleIds.includes(id)));
    expect({ page, checks: checks.length > 0 }).toEqual({ page, checks: true });
    for (const chunk of checks) expect({ page, zodWithTheChecks: modulesReached(chunks, chunk, { later: false }).some((id) => ZOD.test(id)) }).toEqual({ page, zodWithTheChecks: true });
  }
});
