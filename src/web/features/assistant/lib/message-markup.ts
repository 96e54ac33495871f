/**
 * Assistant replies are plain text with Markdown-style links `[Title](/events/{id})`, `- ` list lines
 * and `**bold**` (domain/assistant.ts). This turns them into blocks the overlay renders as React
 * elements: never HTML, and only site-relative paths become links.
 */
export type Inline = { kind: "text"; text: string } | { kind: "strong"; text: string } | { kind: "link"; text: string; href: string };

export type Block = { kind: "paragraph"; inlines: Inline[] } | { kind: "list"; items: Inline[][] };

const LINK = /\[([^\]\n]+)\]\(([^()\s]+)\)/g;
const LIST_ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.*)$/;

/** A path on this site ("/events/…"), not another site ("//evil.example", "https://…", "javascript:…"). */
export function isSitePath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

function withStrong(text: string): Inline[] {
  const parts: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(/\*\*([^*\n]+)\*\*/g)) {
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "strong", text: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

export function parseInlines(text: string): Inline[] {
  const inlines: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    inlines.push(...withStrong(text.slice(last, match.index)));
    // A link elsewhere keeps its words but not its address.
    inlines.push(isSitePath(href) ? { kind: "link", text: label, href } : { kind: "text", text: label });
    last = match.index + whole.length;
  }
  inlines.push(...withStrong(text.slice(last)));
  return inlines;
}

export function parseMessage(content: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const text = paragraph.join("\n").trim();
    if (text) blocks.push({ kind: "paragraph", inlines: parseInlines(text) });
    paragraph = [];
  };
  for (const line of content.split(/\r?\n/)) {
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const previous = blocks.at(-1);
      const inlines = parseInlines(item[1]!.trim());
      if (previous?.kind === "list") previous.items.push(inlines);
      else blocks.push({ kind: "list", items: [inlines] });
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The reply as it should be read aloud: link words without addresses, no list marks or symbols. */
export function speakableText(content: string): string {
  return parseMessage(content)
    .flatMap((block) => (block.kind === "paragraph" ? [block.inlines] : block.items))
    .map((inlines) =>
      inlines
        .map((inline) => inline.text)
        .join("")
        .replace(/\s+[—–·]\s+/g, ", ")
        .trim(),
    )
    .map((line) => (/[.!?:]$/.test(line) ? line : `${line}.`))
    .join(" ");
}
