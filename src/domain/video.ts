/** Promo video display rules (spec §2 Event detail, Video display). */
export type VideoSource =
  | { kind: "youtube"; embedUrl: string }
  | { kind: "vimeo"; embedUrl: string }
  | { kind: "file"; src: string; mimeType: string }
  | { kind: "invalid" };

const FILE_TYPES: Record<string, string> = { mp4: "video/mp4", webm: "video/webm", ogg: "video/ogg" };

export function parseVideoUrl(raw: string): VideoSource {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { kind: "invalid" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "invalid" };
  const host = url.hostname.replace(/^(www\.|m\.)/, "");

  if (host === "youtube.com") {
    const id = url.pathname === "/watch" ? url.searchParams.get("v") : null;
    if (id && /^[\w-]{6,20}$/.test(id)) return { kind: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
    return { kind: "invalid" };
  }
  if (host === "youtu.be") {
    const id = url.pathname.slice(1);
    if (/^[\w-]{6,20}$/.test(id)) return { kind: "youtube", embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
    return { kind: "invalid" };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = url.pathname.match(/(?:^|\/)(\d{4,12})(?:\/|$)/)?.[1];
    return id ? { kind: "vimeo", embedUrl: `https://player.vimeo.com/video/${id}` } : { kind: "invalid" };
  }
  const extension = url.pathname.toLowerCase().match(/\.(mp4|webm|ogg)$/)?.[1];
  if (extension) return { kind: "file", src: url.toString(), mimeType: FILE_TYPES[extension]! };
  return { kind: "invalid" };
}
