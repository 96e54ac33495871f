/**
 * Seeded and uploaded images come with a 600 px variant beside them (`name-600.webp`). `smallSrc` is
 * the variant to use as `src` where the image is never shown wide.
 */
export function responsiveImage(url: string | null | undefined): { src: string; smallSrc: string; srcSet?: string } | null {
  if (!url) return null;
  // Our stored images: on disk under /media/, or in object storage under events/{id}/{hash}.webp.
  const ours = url.startsWith("/media/") || /\/events\/[0-9a-f-]{36}\/[0-9a-f]{16}\.webp$/.test(url);
  if (ours && url.endsWith(".webp") && !url.endsWith("-600.webp")) {
    const small = url.replace(/\.webp$/, "-600.webp");
    return { src: url, smallSrc: small, srcSet: `${small} 600w, ${url} 1200w` };
  }
  return { src: url, smallSrc: url };
}
