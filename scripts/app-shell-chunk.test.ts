import { describe, expect, it } from "vitest";
import { isBarrel, lucideExports, lucideImports } from "./app-shell-chunk";

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
