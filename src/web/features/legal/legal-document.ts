import type { PlatformCompany } from "@domain";

/** spec §2 Legal pages: 'Last updated: January 2024', unless a document says when it was last changed. */
export const LEGAL_LAST_UPDATED = "January 2024";

/**
 * A paragraph that names the platform's company, written when the page renders with the configured one
 * (the root loader's; issue 34), as the documents are built into the page's script.
 */
export type CompanyParagraph = (company: PlatformCompany) => string;

/** A paragraph, one that names the company, or a bulleted list. Text may hold links written as [label](/path) or [label](mailto:…). */
export type LegalBlock = string | CompanyParagraph | { list: string[] };

/** A block's paragraphs as the company reads in them. */
export function blockTexts(block: LegalBlock, company: PlatformCompany): string[] {
  if (typeof block === "string") return [block];
  if (typeof block === "function") return [block(company)];
  return block.list;
}

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

/** The words of a document as a reader sees them with this company's details (links by their labels), for checks and search. */
export function plainText(document: LegalDocument, company: PlatformCompany): string {
  return [document.title, document.summary, ...document.sections.flatMap((section) => [section.heading, ...section.blocks.flatMap((block) => blockTexts(block, company))])]
    .map((text) => inlineParts(text).map((part) => (typeof part === "string" ? part : part.label)).join(""))
    .join("\n");
}
