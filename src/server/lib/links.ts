const LINK = /https?:\/\/[^\s<>"')]+/g;

/** The web links in a plain-text message, without sentence punctuation that follows them. */
export function extractLinks(text: string): string[] {
  return [...new Set((text.match(LINK) ?? []).map((link) => link.replace(/[.,;:!?]+$/, "")))];
}
