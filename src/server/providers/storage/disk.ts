import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import type { FileStorage } from "./storage";

/** Files under DATA_DIR/media, served by the app at /media/. */
export function createDiskStorage(mediaDir: string): FileStorage {
  const root = resolve(mediaDir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(`${root}/`)) throw new Error(`Storage key escapes the media folder: ${key}`);
    return path;
  };
  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
      return `/media/${key}`;
    },
    async removeUnder(prefix, keep = []) {
      const dir = pathOf(prefix.replace(/\/$/, ""));
      const names = await readdir(dir).catch(() => [] as string[]);
      const kept = new Set(keep.map((key) => pathOf(key)));
      await Promise.all(names.map((name) => join(dir, name)).filter((path) => !kept.has(path)).map((path) => rm(path, { force: true, recursive: true })));
    },
  };
}
