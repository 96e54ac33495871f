/**
 * Gzipped size of the JavaScript a page's HTML names (module preloads and scripts, also those the
 * after-first-paint loader adds, decision 012) plus their static imports, without a browser. What loads
 * later (on idle, on a click) is not counted; `npm run budgets` measures the whole first visit in Chromium.
 * Usage: BASE_URL=http://localhost:3000 npm run js-size -- / /events
 */
import { gzipSync } from "node:zlib";

const base = process.env.BASE_URL ?? "http://localhost:3000";
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];

async function jsOf(path: string): Promise<Map<string, number>> {
  const html = await (await fetch(`${base}${path}`)).text();
  // Quoted paths: attributes, and the JSON list of the loader that replaces the preloads in production.
  const queue = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Map<string, number>();
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    const code = await (await fetch(`${base}${url}`)).text();
    seen.set(url, gzipSync(code, { level: 9 }).length);
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
  }
  return seen;
}

for (const path of pages) {
  const files = await jsOf(path);
  const total = [...files.values()].reduce((a, b) => a + b, 0);
  console.log(`${path}: ${(total / 1000).toFixed(1)} kB gzipped JS in ${files.size} files`);
  for (const [file, size] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${(size / 1000).toFixed(1).padStart(6)} kB  ${file}`);
}
