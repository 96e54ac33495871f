/** Seeded and uploaded images come with a 600 px variant beside them (`name-600.webp`). */
export function responsiveImage(url: string | null | undefined): { src: string; srcSet?: string } | null {
  if (!url) return null;
  if (url.startsWith("/media/") && url.endsWith(".webp") && !url.endsWith("-600.webp")) {
    const small = url.replace(/\.webp$/, "-600.webp");
    return { src: url, srcSet: `${small} 600w, ${url} 1200w` };
  }
  return { src: url };
}
