import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The checkout's root (package.json, drizzle/, build/), found by walking up from this module: the same
 * answer whether it runs from the sources (src/server/lib, under tsx or Vitest) or from the server
 * bundle in build/ (`npm run build`).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
