/**
 * A profile's website as a safe outbound link: http(s) only (a typed "javascript:" URL never becomes a link),
 * with a bare domain such as "example.co.uk" read as https.
 */
export function profileWebsite(raw: string | null | undefined): { href: string; label: string } | null {
  const text = raw?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".")) return null;
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return { href: url.toString(), label: `${url.hostname.replace(/^www\./, "")}${path}` };
}
