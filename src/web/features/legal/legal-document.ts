/** spec §2 Legal pages: 'Last updated: January 2024', unless a document says when it was last changed. */
export const LEGAL_LAST_UPDATED = "January 2024";

/** A paragraph, or a bulleted list. Text may hold links written as [label](/path) or [label](mailto:…). */
export type LegalBlock = string | { list: string[] };

export interface LegalSection {
  /** The section's anchor, for the table of contents. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  path: string;
  /** The page's meta description. */
  description: string;
  /** One or two sentences in plain words at the top of the page. */
  summary: string;
  /** When its text last changed, as the page states it ("28 November 2026"); LEGAL_LAST_UPDATED when absent. */
  lastUpdated?: string;
  sections: LegalSection[];
}

export type InlinePart = string | { label: string; href: string };

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Splits text into plain runs and [label](href) links. */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ label: match[1]!, href: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The words of a document as a reader sees them (links by their labels), for checks and search. */
export function plainText(document: LegalDocument): string {
  const blockText = (block: LegalBlock) => (typeof block === "string" ? [block] : block.list);
  return [document.title, document.summary, ...document.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap(blockText)])]
    .map((text) => inlineParts(text).map((part) => (typeof part === "string" ? part : part.label)).join(""))
    .join("\n");
}
