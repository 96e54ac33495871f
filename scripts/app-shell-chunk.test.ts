import { describe, expect, it } from "vitest";
import { appShellChunk, isBarrel, lucideExports, lucideImports } from "./app-shell-chunk";

describe("isBarrel", () => {
  it("knows a module that only re-exports others", () => {
    expect(isBarrel('export * from "./money";\nexport * from "./schemas";\n')).toBe(true);
    expect(isBarrel('"use strict";\n/** @license */\nimport * as index from "./icons/index.mjs";\nexport { index as icons };\nexport { default as X, default as XIcon } from "./icons/x.mjs";\n')).toBe(true);
  });

  it("follows a module with code of its own", () => {
    expect(isBarrel('import { z } from "zod";\nexport const Money = z.number();\n')).toBe(false);
    expect(isBarrel('export { formatPrice } from "./format";\nconsole.log("side effect");\n')).toBe(false);
    expect(isBarrel(null)).toBe(false);
  });
});

describe("the icons a module uses", () => {
  it("reads the names a module imports from lucide-react, under their exported names", () => {
    const code = 'import { jsx } from "react/jsx-runtime";\nimport { ArrowLeft, KeyRound as Key,\n  Ticket } from "lucide-react";\nimport { cn } from "~/lib/cn";\n';
    expect(lucideImports(code)).toEqual(["ArrowLeft", "KeyRound", "Ticket"]);
    expect(lucideImports('import { Search } from "lucide-react/dynamic";')).toEqual([]);
    expect(lucideImports(null)).toEqual([]);
  });

  it("maps each name lucide-react's barrel exports to its icon module", () => {
    const barrel = "export { default as KeyRound, default as KeyRoundIcon, default as LucideKeyRound } from './icons/key-round.mjs';\nexport { default as Ticket, default as TicketIcon } from './icons/ticket.mjs';\n";
    const names = lucideExports("/app/node_modules/lucide-react/dist/esm/lucide-react.mjs", barrel);
    expect(names.get("KeyRound")).toBe("/app/node_modules/lucide-react/dist/esm/icons/key-round.mjs");
    expect(names.get("LucideKeyRound")).toBe("/app/node_modules/lucide-react/dist/esm/icons/key-round.mjs");
    expect(names.get("Ticket")).toBe("/app/node_modules/lucide-react/dist/esm/icons/ticket.mjs");
    expect(names.has("Search")).toBe(false);
  });
});

describe("the icon files", () => {
  /** A finished module graph as Rolldown hands it to the plugin: module id to its code, static and lazy imports. */
  function build(modules: Record<string, { code: string; imports?: string[]; lazy?: string[]; entry?: boolean }>) {
    const chunks = appShellChunk({ rootRoute: "src/web/root.tsx", minRoutes: 8, landingRoutes: ["src/web/routes/home.tsx"], startRoutes: ["src/web/routes/auth.tsx"] });
    const context = {
      environment: { name: "client" },
      getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
      getModuleInfo: (id: string) => {
        const module = modules[id];
        return module ? { isEntry: module.entry === true, importedIds: module.imports ?? [], dynamicallyImportedIds: module.lazy ?? [], code: module.code } : null;
      },
    };
    const hook = (name: "buildStart" | "buildEnd") => chunks.plugin[name] as unknown as (this: typeof context) => void;
    hook("buildStart").call(context);
    hook("buildEnd").call(context);
    return chunks;
  }

  const lucide = "/app/node_modules/lucide-react/dist/esm/lucide-react.mjs";
  const icon = (name: string) => `/app/node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
  const names = { X: "x", KeyRound: "key-round", LogIn: "log-in", ZoomIn: "zoom-in", Download: "download", Mic: "mic" };
  const barrel = Object.entries(names)
    .map(([name, file]) => `export { default as ${name} } from './icons/${file}.mjs';`)
    .join("\n");
  const uses = (...icons: string[]) => ({ code: `import { ${icons.join(", ")} } from "lucide-react";`, imports: [lucide] });

  it("shares an icon several chunks use and leaves one that a single route or lazy module uses with it", () => {
    const chunks = build({
      "/app/src/web/root.tsx": { code: "export default 1;", entry: true },
      "/app/src/web/routes/home.tsx": { ...uses("X"), entry: true },
      "/app/src/web/routes/auth.tsx": { ...uses("KeyRound"), entry: true },
      "/app/src/web/routes/check-in.tsx": { ...uses("LogIn"), entry: true, lazy: ["/app/src/web/scanner.tsx"] },
      "/app/src/web/scanner.tsx": uses("ZoomIn", "LogIn", "X", "KeyRound"),
      "/app/src/web/routes/dashboard.tsx": { ...uses("Download", "LogIn"), entry: true },
      "/app/src/web/routes/assistant.tsx": { code: "", entry: true, imports: ["/app/src/web/microphone.tsx"] },
      "/app/src/web/microphone.tsx": uses("Mic"),
      [lucide]: { code: barrel, imports: Object.values(names).map(icon) },
      ...Object.fromEntries(Object.values(names).map((file) => [icon(file), { code: "export default 1;" }])),
    });
    expect(chunks.landingIcons(icon("x"))).toBe(true);
    expect(chunks.startIcons(icon("key-round"))).toBe(true);
    // The check-in route, its lazily loaded scanner and the dashboard: one shared file.
    expect(chunks.moreIcons(icon("log-in"))).toBe(true);
    // The scanner's alone, the dashboard's alone, the assistant's alone (through a module it imports).
    expect(chunks.moreIcons(icon("zoom-in"))).toBe(false);
    expect(chunks.moreIcons(icon("download"))).toBe(false);
    expect(chunks.moreIcons(icon("mic"))).toBe(false);
    expect(chunks.moreIcons("/app/src/web/scanner.tsx")).toBe(false);
  });
});
