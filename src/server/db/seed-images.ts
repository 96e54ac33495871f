import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { rename } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { EVENT_IMAGE_SIZES, eventImageFileName } from "../../domain/event-images";
import { CATALOGUE_POSTER_SIZE, type CataloguePosterSpec } from "../features/images/poster/catalogue";
import { renderCataloguePoster } from "../features/images/poster/poster";

/**
 * Promotional posters for the demo catalogue, drawn locally by the poster engine (features/images/
 * poster, catalogue.ts; never fetched), so a fresh machine shows real-looking event images offline.
 * Each poster is WebP in the three widths of every stored event image (`-1200`, `-800`, `-600`; see
 * domain/event-images).
 */

/** Bump when the drawing changes, so posters already on disk are redrawn. */
const DESIGN_VERSION = 3;
// The fastest encoder effort: about four times quicker than sharp's default (4), for files about
// 30% larger (~40 KB at 1200×675), which keeps first start-up seeding within a few seconds.
const WEBP = { quality: 78, effort: 0 } as const;

/** Renders every poster not yet on disk into `mediaDir/seed/`; returns their URLs in input order. */
export async function generateSeedPosters({
  mediaDir,
  posters,
  concurrency = Math.min(4, availableParallelism()),
}: {
  mediaDir: string;
  posters: readonly CataloguePosterSpec[];
  concurrency?: number;
}): Promise<string[]> {
  const dir = join(mediaDir, "seed");
  mkdirSync(dir, { recursive: true });
  const names = posters.map(posterFileName);
  let next = 0;
  const worker = async () => {
    while (next < posters.length) {
      const index = next++;
      await writePoster(dir, names[index]!, posters[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return names.map((name) => `/media/seed/${eventImageFileName(name, CATALOGUE_POSTER_SIZE.width)}`);
}

/**
 * The file name carries a hash of what is drawn, so an existing file is reused only when it shows
 * exactly this poster (a reseed on another day draws new dates instead of reusing stale ones).
 */
export function posterFileName(spec: CataloguePosterSpec): string {
  const slug = spec.title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  const hash = createHash("sha256").update(`${DESIGN_VERSION}|${JSON.stringify(spec)}`).digest("hex").slice(0, 8);
  return `${slug || "event"}-${hash}`;
}

async function writePoster(dir: string, name: string, spec: CataloguePosterSpec): Promise<void> {
  const paths = EVENT_IMAGE_SIZES.map((size) => ({ ...size, path: join(dir, eventImageFileName(name, size.width)) }));
  if (paths.every(({ path }) => existsSync(path))) return;
  // Rasterise the SVG once, then encode every width from the same pixels.
  const { data, info } = await renderCataloguePoster(spec);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // Written under a unique temporary name and renamed, so neither a crash nor a second seeder running
  // at the same moment can leave a half-written poster behind.
  const writeAtomically = async (image: Sharp, path: string) => {
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    await image.toFile(temporary);
    await rename(temporary, path);
  };
  await Promise.all(
    paths.map(({ width, height, path }) =>
      writeAtomically(width === info.width ? sharp(data, raw).webp(WEBP) : sharp(data, raw).resize(width, height, { fit: "cover" }).webp(WEBP), path),
    ),
  );
}
