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
}

interface ShellOptions {
  /** Path of the root route module: everything it loads statically is on every page. */
  rootRoute: string;
  /** A module this many route modules load statically joins the shell (buttons, inputs, SEO tags). */
  minRoutes: number;
  /** The routes most visits start on: what at least two of them share joins the shell (the event card). */
  landingRoutes: string[];
}

const routeOf = (id: string) => id.split("?")[0]!;

export function appShellChunk({ rootRoute, minRoutes, landingRoutes }: ShellOptions): AppShellChunk {
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: "eventora:app-shell-chunk",
    apply: "build",
    buildStart() {
      shell = new Set();
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      const graph = this as unknown as ModuleGraph;
      const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
      const root = entries.find((id) => routeOf(id).endsWith(rootRoute));
      if (!root) throw new Error(`app-shell-chunk: no entry ends with ${rootRoute}`);
      const usedBy = new Map<string, number>();
      const usedByLanding = new Map<string, number>();
      for (const entry of entries) {
        const landing = landingRoutes.some((route) => routeOf(entry).endsWith(route));
        for (const id of staticClosure(graph, entry)) {
          usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
          if (landing) usedByLanding.set(id, (usedByLanding.get(id) ?? 0) + 1);
        }
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
  };
}
