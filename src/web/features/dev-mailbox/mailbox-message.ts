import { formatEventDate, formatEventTime } from "@domain";

export type { MailboxMessage } from "@domain";

/** The date and 24-hour time in UK time, e.g. "Sat, 6 Dec 2026, 19:30". */
export function formatSentAt(iso: string): string {
  const date = formatEventDate(iso);
  const time = formatEventTime(iso);
  return date && time ? `${date}, ${time}` : iso;
}

/** A link's address without the origin, so long tokens do not hide what the link is for. */
export function linkPath(href: string): string {
  try {
    const url = new URL(href);
    return `${url.pathname}${url.search}`;
  } catch {
    return href;
  }
}

/** A file size as a mail client shows it: "812 bytes", "1.4 KB", "2.1 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "image/png" → "PNG image", "text/calendar; charset=utf-8" → "Calendar file (.ics)"; otherwise the type itself. */
export function describeFileType(contentType: string): string {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/calendar") return "Calendar file (.ics)";
  if (type.startsWith("image/")) return `${type.slice(6).toUpperCase()} image`;
  if (type === "application/pdf") return "PDF document";
  return type;
}
