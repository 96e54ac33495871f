import { describe, expect, it } from "vitest";
import { isBarrel } from "./app-shell-chunk";

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
