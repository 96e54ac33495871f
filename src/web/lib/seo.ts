import { BRAND } from "@domain";

export interface SeoInput {
  title: string;
  description: string;
  /** Path or absolute URL of the page. */
  url?: string;
  image?: string | null;
  type?: "website" | "article";
}

/** Title, description and Open Graph / Twitter tags for a route's `meta` export. */
export function seoMeta({ title, description, url, image, type = "website" }: SeoInput) {
  const fullTitle = title.includes(BRAND.name) ? title : `${title} | ${BRAND.name}`;
  const tags: Record<string, string>[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (url) tags.push({ property: "og:url", content: url });
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  return tags;
}

/** Makes a site path absolute against the public URL the server was configured with. */
export function absoluteUrl(origin: string, path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}
