import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { iconData, inlineLucideIcons, lucideExports } from "./lucide-icons-inline";

const lucideDir = join(import.meta.dirname, "../node_modules/lucide-react/dist/esm");
const barrel = join(lucideDir, "lucide-react.mjs");
const exported = lucideExports(barrel, readFileSync(barrel, "utf8"));
const dataOf = (name: string) => {
  const file = exported.get(name);
  return file ? iconData(readFileSync(file, "utf8")) : undefined;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("lucide icons inlined into the modules that draw them", () => {
  it("makes one constant per icon with lucide's factory and keeps type imports and other names as imports", () => {
    const code = 'import { jsx } from "react/jsx-runtime";\nimport { ArrowLeft, KeyRound as Key,\n  type LucideIcon, createLucideIcon } from "lucide-react";\nconst a = 1;\n';
    const out = inlineLucideIcons(code, (name) => (name === "ArrowLeft" || name === "KeyRound" ? `{ name: "${name}" }` : undefined));
    expect(out).toBe(
      'import { jsx } from "react/jsx-runtime";\n' +
        'import { type LucideIcon, createLucideIcon, createLucideIcon as __lucideIcon } from "lucide-react"; ' +
        'const ArrowLeft = /* @__PURE__ */ __lucideIcon({ name: "ArrowLeft" }); const Key = /* @__PURE__ */ __lucideIcon({ name: "KeyRound" });\n\n' +
        "const a = 1;\n",
    );
    // The lines after the import keep their numbers.
    expect(out.split("\n").length).toBe(code.split("\n").length);
  });

  it("leaves a module without lucide icons as it was", () => {
    const code = 'import type { LucideIcon } from "lucide-react";\nimport { Search } from "lucide-react/dynamic";\n';
    expect(inlineLucideIcons(code, dataOf)).toBe(code);
  });

  it("reads an icon's data from lucide-react's own module, under each name it is exported as", () => {
    expect(dataOf("HelpCircle")).toBe(dataOf("CircleQuestionMark"));
    expect(dataOf("X")).toContain('name: "x"');
    expect(dataOf("createLucideIcon")).toBeUndefined();
    expect(() => iconData("export default 1;")).toThrow(/__iconData/);
  });

  it("draws every icon the pages import exactly as lucide-react's component does", () => {
    const names = new Set(
      sourceFiles(join(import.meta.dirname, "../src/web")).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, list]) =>
          list!
            .split(",")
            .map((entry) => entry.trim())
            .filter((entry) => entry && !entry.startsWith("type "))
            .map((entry) => entry.split(/\s+as\s+/)[0]!),
        ),
      ),
    );
    const icons = [...names].filter((name) => dataOf(name) !== undefined);
    expect(icons.length).toBeGreaterThan(100);
    for (const name of icons) {
      // What the plugin writes, run: `createLucideIcon(<the data literal>)`.
      const Inlined = new Function("createLucideIcon", `return createLucideIcon(${dataOf(name)});`)(lucide.createLucideIcon) as ComponentType<object>;
      const Lucide = (lucide as unknown as Record<string, ComponentType<object>>)[name]!;
      const props = { className: "size-4", "aria-hidden": "true" };
      expect(renderToStaticMarkup(createElement(Inlined, props)), name).toBe(renderToStaticMarkup(createElement(Lucide, props)));
    }
  });
});
