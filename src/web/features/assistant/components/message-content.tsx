import { Link } from "react-router";
import { parseMessage, type Inline } from "../lib/message-markup";

function Inlines({ inlines, onNavigate }: { inlines: Inline[]; onNavigate: () => void }) {
  return inlines.map((inline, index) => {
    if (inline.kind === "link") {
      return (
        <Link key={index} to={inline.href} onClick={onNavigate} className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700">
          {inline.text}
        </Link>
      );
    }
    if (inline.kind === "strong") return <strong key={index}>{inline.text}</strong>;
    return <span key={index}>{inline.text}</span>;
  });
}

/** A reply's paragraphs, lists and links as React elements (never as HTML: see lib/message-markup). */
export function MessageContent({ content, onNavigate }: { content: string; onNavigate: () => void }) {
  return (
    <div className="flex flex-col gap-2 whitespace-pre-line break-words">
      {parseMessage(content).map((block, index) =>
        block.kind === "paragraph" ? (
          <p key={index}>
            <Inlines inlines={block.inlines} onNavigate={onNavigate} />
          </p>
        ) : (
          <ul key={index} className="flex flex-col gap-1.5 pl-4 [&>li]:list-disc [&>li]:marker:text-brand-400">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inlines inlines={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
