import { paths } from "~/paths";

/** The share link: the home page stores ?ref=CODE for 30 days (spec §2 Home, §3 Local storage keys). */
export function affiliateLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}${paths.home}?ref=${encodeURIComponent(code)}`;
}

/** "active" → "Active" for the status badge. */
export function affiliateStatusLabel(status: string): string {
  const text = status.replace(/[_-]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Unknown";
}
