import { describe, expect, it } from "vitest";
import { appShellChunk, isBarrel } from "./app-shell-chunk";

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

describe("the shell", () => {
  /** A finished module graph as Rolldown hands it to the plugin: module id to its code, static and lazy imports. */
  function build(modules: Record<string, { code?: string; imports?: string[]; lazy?: string[]; entry?: boolean }>) {
    const chunks = appShellChunk({ rootRoute: "src/web/root.tsx", minRoutes: 2, landingRoutes: ["src/web/routes/home.tsx", "src/web/routes/events.tsx"] });
    const context = {
      environment: { name: "client" },
      getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
      getModuleInfo: (id: string) => {
        const module = modules[id];
        return module ? { isEntry: module.entry === true, importedIds: module.imports ?? [], dynamicallyImportedIds: module.lazy ?? [], code: module.code ?? "export default 1;" } : null;
      },
    };
    const hook = (name: "buildStart" | "buildEnd") => chunks.plugin[name] as unknown as (this: typeof context) => void;
    hook("buildStart").call(context);
    hook("buildEnd").call(context);
    return chunks;
  }

  it("holds what the root loads and what enough routes share, not what one route or a lazy module alone loads", () => {
    const shell = build({
      "/app/src/web/root.tsx": { entry: true, imports: ["/app/src/web/header.tsx", "/app/src/domain/index.ts"] },
      "/app/src/web/header.tsx": {},
      "/app/src/domain/index.ts": { code: 'export * from "./money";', imports: ["/app/src/domain/money.ts"] },
      "/app/src/domain/money.ts": {},
      "/app/src/web/routes/cart.tsx": { entry: true, imports: ["/app/src/web/button.tsx", "/app/src/web/cart-lines.tsx"] },
      "/app/src/web/routes/check-in.tsx": { entry: true, imports: ["/app/src/web/button.tsx"], lazy: ["/app/src/web/scanner.tsx"] },
      "/app/src/web/scanner.tsx": { imports: ["/app/src/web/camera.tsx"] },
      "/app/src/web/camera.tsx": {},
      "/app/src/web/cart-lines.tsx": {},
      "/app/src/web/routes/home.tsx": { entry: true, imports: ["/app/src/web/event-card.tsx"] },
      "/app/src/web/routes/events.tsx": { entry: true, imports: ["/app/src/web/event-card.tsx"] },
      "/app/src/web/event-card.tsx": {},
      "/app/src/web/app.css": {},
    });
    expect(shell.test("/app/src/web/header.tsx")).toBe(true);
    expect(shell.test("/app/src/web/button.tsx")).toBe(true);
    expect(shell.test("/app/src/web/event-card.tsx")).toBe(true);
    // A barrel is not followed: what is used through it joins where its users' code goes.
    expect(shell.test("/app/src/domain/money.ts")).toBe(false);
    expect(shell.test("/app/src/web/cart-lines.tsx")).toBe(false);
    expect(shell.test("/app/src/web/scanner.tsx")).toBe(false);
    expect(shell.test("/app/src/web/camera.tsx")).toBe(false);
    // Route modules stay entries of their own.
    expect(shell.test("/app/src/web/routes/cart.tsx")).toBe(false);
  });
});
