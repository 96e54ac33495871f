/**
 * Each lucide icon a module imports becomes a constant of that module, made by lucide's own factory from
 * lucide's own data, so it travels in whichever chunk the module does (issue 35).
 *
 * Why: an icon module can sit in one chunk only, and each page uses a different handful of the 120 icons
 * the app draws. Grouped into shared files, a page downloaded whole files for a few of their icons (the
 * check-in scanner 8.5 kB of icon files for 13 icons); one file per icon would cost a request each. Inlined,
 * a page downloads the icons it draws and no others, in files it loads anyway; an icon several chunks of
 * one page use is repeated in each (some 100 bytes gzipped). The factory, `createLucideIcon`, is in the app
 * shell. The pages draw exactly what lucide-react's components draw (`lucide-icons-inline.test.ts`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const LUCIDE_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']lucide-react["']\s*;?/g;
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g;
const ICON_DATA = /const __iconData = (\{[\s\S]*?\n\});/;
const FACTORY = "__lucideIcon";

/** Each name lucide-react's barrel exports (`Search`, `SearchIcon`, `LucideSearch`) and the icon module it comes from. */
export function lucideExports(barrelId: string, barrelCode: string): Map<string, string> {
  const dir = barrelId.replace(/[\\/][^\\/]*$/, "");
  const names = new Map<string, string>();
  for (const [, list, file] of barrelCode.matchAll(LUCIDE_EXPORT)) {
    for (const entry of list!.split(",")) {
      const name = /as\s+([\w$]+)/.exec(entry)?.[1] ?? entry.trim();
      if (name) names.set(name, `${dir}/${file!.slice(2)}`);
    }
  }
  return names;
}

/** The data literal an icon module hands `createLucideIcon` (its name, size, SVG nodes and aliases). */
export function iconData(iconModuleCode: string): string {
  const literal = ICON_DATA.exec(iconModuleCode)?.[1];
  if (!literal) throw new Error("lucide-icons-inline: an icon module without `const __iconData = {…};` (has lucide-react changed its build?)");
  return literal;
}

/**
 * `code` with its `import { … } from "lucide-react"` replaced by one constant per icon. Type imports and
 * names that are not icons (`createLucideIcon`, `LucideIcon`) stay imports. `dataOf` gives an icon's data
 * literal, or undefined for a name that is no icon.
 */
export function inlineLucideIcons(code: string, dataOf: (name: string) => string | undefined): string {
  let factoryImported = false;
  return code.replace(LUCIDE_IMPORT, (statement, list: string) => {
    const kept: string[] = [];
    const constants: string[] = [];
    for (const raw of list.split(",")) {
      const entry = raw.trim();
      if (!entry) continue;
      const [imported, local = imported] = entry.replace(/^type\s+/, "").split(/\s+as\s+/).map((part) => part.trim()) as [string, string?];
      const data = entry.startsWith("type ") ? undefined : dataOf(imported);
      if (data === undefined) kept.push(entry);
      else constants.push(`const ${local} = /* @__PURE__ */ ${FACTORY}(${data});`);
    }
    const imports: string[] = [];
    if (constants.length > 0 && !factoryImported) {
      kept.push(`createLucideIcon as ${FACTORY}`);
      factoryImported = true;
    }
    if (kept.length > 0) imports.push(`import { ${kept.join(", ")} } from "lucide-react";`);
    // As many lines as the import had, so the lines after it keep their numbers in error messages.
    return [...imports, ...constants].join(" ") + "\n".repeat(statement.split("\n").length - 1);
  });
}

export function lucideIconsInline(): Plugin {
  let dataByName: Map<string, string> | undefined;
  let root = process.cwd();
  const dataOf = (name: string) => {
    if (!dataByName) {
      const barrel = join(root, "node_modules/lucide-react/dist/esm/lucide-react.mjs");
      const files = lucideExports(barrel, readFileSync(barrel, "utf8"));
      const byFile = new Map<string, string>();
      dataByName = new Map();
      for (const [exported, file] of files) {
        if (!byFile.has(file)) byFile.set(file, iconData(readFileSync(file, "utf8")));
        dataByName.set(exported, byFile.get(file)!);
      }
    }
    return dataByName.get(name);
  };
  return {
    name: "eventora:lucide-icons-inline",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    transform: {
      filter: { id: /[\\/]src[\\/]web[\\/].*\.tsx?$/, code: "lucide-react" },
      handler(code) {
        const inlined = inlineLucideIcons(code, dataOf);
        return inlined === code ? null : { code: inlined, map: null };
      },
    },
  };
}
