import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** React Router's CLI as its package names it (bin.js in React Router 7, bin.cjs in 8): `npm start` builds with it. */
export function reactRouterCli() {
  const manifestPath = createRequire(import.meta.url).resolve("@react-router/dev/package.json");
  return join(dirname(manifestPath), JSON.parse(readFileSync(manifestPath, "utf8")).bin["react-router"]);
}
