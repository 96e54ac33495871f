/**
 * One "app shell" chunk for the browser build: every module the root route loads statically, plus the
 * modules that many route modules load statically (buttons, inputs, SEO tags, the event card…).
 *
 * Why: a phone on HTTP/1.1 opens six connections, and Lighthouse's simulated phone pays a round trip
 * for each script. Automatic chunking made 27-33 files per page, twenty of them under 1.3 KB. A plain
 * `test` on src/ paths cannot do this: it also captures modules that only lazily loaded features use
 * (the scanner, the assistant), which would then load on every page. This plugin reads the finished
 * module graph (static imports only) and hands Rolldown's `codeSplitting` group the exact set.
 */
import type { Plugin } from "vite";

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; code: string | null } | null;
}

const REEXPORT = /\bexport\s*(\*(\s*as\s*[\w$]+)?|\{[^}]*\})\s*(from\s*(["'])[^"']+\4)?\s*;?/g;
const NAMESPACE_IMPORT = /\bimport\s*(\*\s*as\s*[\w$]+|\{[^}]*\})\s*from\s*(["'])[^"']+\2\s*;?/g;

/**
 * A module that only re-exports others (`@domain`'s index, lucide-react's icon list). What its importers
 * use of it is known only after tree shaking, so the shell does not follow it: the modules really used
 * through it join the shell as dependencies of the modules that use them.
 */
export function isBarrel(code: string | null): boolean {
  if (!code) return false;
  const rest = code
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/^\s*["']use strict["'];?/, "")
    .replace(REEXPORT, "")
    .replace(NAMESPACE_IMPORT, "");
  return rest.trim() === "";
}

/** Modules reached by static imports alone from `start`, `start` included, not looking through barrels. */
function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    const module = graph.getModuleInfo(id);
    if (id !== start && isBarrel(module?.code ?? null)) continue;
    for (const next of module?.importedIds ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

export interface AppShellChunk {
  plugin: Plugin;
  /** The `test` of the shell's `codeSplitting` group. */
  test: (id: string) => boolean;
  /**
   * The `test` of the `icons` group: the lucide icons the landing routes use outside the shell, one file
   * for them. Every other icon stays out of it, so a landing page does not download the dashboard's or
   * the scanner's icons (it did: 119 icons, 11 kB, on every page).
   */
  landingIcons: (id: string) => boolean;
  /** The `test` of the `start-icons` group: the icons the other start routes use and the landing routes do not. */
  startIcons: (id: string) => boolean;
  /**
   * The `test` of the `more-icons` group: the other icons that several chunks use (issue 35). An icon only
   * one route or lazily loaded module uses is left out, so it travels in that chunk: the scanner's
   * torch and zoom icons are not downloaded by the dashboard, nor the assistant's microphone by the scanner.
   */
  moreIcons: (id: string) => boolean;
}

const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_MODULE = /node_modules[\\/]lucide-react[\\/]/;
const LUCIDE_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g;

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

/** The names a module imports from lucide-react (`import { Search as Find }` gives `Search`). */
export function lucideImports(code: string | null): string[] {
  if (!code) return [];
  return [...code.matchAll(LUCIDE_IMPORT)].flatMap(([, list]) =>
    list!
      .split(",")
      .map((entry) => entry.trim().split(/\s+as\s+/)[0]!.trim())
      .filter(Boolean),
  );
}

interface ShellOptions {
  /** Path of the root route module: everything it loads statically is on every page. */
  rootRoute: string;
  /** A module this many route modules load statically joins the shell (buttons, inputs, SEO tags). */
  minRoutes: number;
  /** The routes most visits start on: what at least two of them share joins the shell (the event card). */
  landingRoutes: string[];
  /** The other routes a visit starts on (the pages `npm run budgets` measures): their other icons are one file. */
  startRoutes: string[];
}

const routeOf = (id: string) => id.split("?")[0]!;

export function appShellChunk({ rootRoute, minRoutes, landingRoutes, startRoutes }: ShellOptions): AppShellChunk {
  let shell = new Set<string>();
  let icons = new Set<string>();
  let startIcons = new Set<string>();
  let ownIcons = new Set<string>();
  const plugin: Plugin = {
    name: "eventora:app-shell-chunk",
    apply: "build",
    buildStart() {
      shell = new Set();
      icons = new Set();
      startIcons = new Set();
      ownIcons = new Set();
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      const graph = this as unknown as ModuleGraph;
      const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
      const root = entries.find((id) => routeOf(id).endsWith(rootRoute));
      if (!root) throw new Error(`app-shell-chunk: no entry ends with ${rootRoute}`);
      const usedBy = new Map<string, number>();
      const usedByLanding = new Map<string, number>();
      const landingModules = new Set<string>();
      const startModules = new Set<string>();
      for (const entry of entries) {
        const landing = landingRoutes.some((route) => routeOf(entry).endsWith(route));
        const start = startRoutes.some((route) => routeOf(entry).endsWith(route));
        for (const id of staticClosure(graph, entry)) {
          usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
          if (landing) usedByLanding.set(id, (usedByLanding.get(id) ?? 0) + 1);
          if (landing) landingModules.add(id);
          else if (start) startModules.add(id);
        }
      }
      const barrel = [...graph.getModuleIds()].find((id) => LUCIDE_BARREL.test(id));
      if (barrel) {
        const exported = lucideExports(barrel, graph.getModuleInfo(barrel)?.code ?? "");
        const iconsOf = (modules: Set<string>, into: Set<string>) => {
          for (const id of modules) {
            for (const name of lucideImports(graph.getModuleInfo(id)?.code ?? null)) {
              const icon = exported.get(name);
              if (!icon) throw new Error(`app-shell-chunk: lucide-react exports no ${name} (imported by ${id})`);
              if (!icons.has(icon)) into.add(icon);
            }
          }
        };
        iconsOf(landingModules, icons);
        iconsOf(startModules, startIcons);
        // The chunks the other icons go to: one per route and per lazily loaded module that uses them.
        const lazy = new Set([...graph.getModuleIds()].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
        const users = new Map<string, Set<string>>();
        for (const entry of new Set([...entries, ...lazy])) {
          for (const id of staticClosure(graph, entry)) {
            for (const name of lucideImports(graph.getModuleInfo(id)?.code ?? null)) {
              const icon = exported.get(name);
              if (!icon || icons.has(icon) || startIcons.has(icon)) continue;
              users.set(icon, (users.get(icon) ?? new Set()).add(entry));
            }
          }
        }
        for (const [icon, chunks] of users) if (chunks.size === 1) ownIcons.add(icon);
      }
      // Route modules stay entries of their own; CSS is Vite's to place.
      const candidate = (id: string) => !entries.includes(id) && !/\.css($|\?)/.test(id);
      for (const id of staticClosure(graph, root)) if (candidate(id)) shell.add(id);
      for (const [id, count] of usedBy) if (count >= minRoutes && candidate(id)) shell.add(id);
      for (const [id, count] of usedByLanding) if (count >= 2 && candidate(id)) shell.add(id);
    },
  };
  return {
    plugin,
    test: (id) => shell.has(id),
    landingIcons: (id) => icons.has(id),
    startIcons: (id) => startIcons.has(id),
    moreIcons: (id) => LUCIDE_MODULE.test(id) && !ownIcons.has(id),
  };
}
