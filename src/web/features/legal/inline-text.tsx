import { Link } from "react-router";
import { inlineParts } from "./legal-document";

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

/** Text with its [label](href) links: site paths through the router, e-mail and web addresses as plain links. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, index) =>
        typeof part === "string" ? (
          part
        ) : part.href.startsWith("/") ? (
          <Link key={index} to={part.href} className={linkClass}>
            {part.label}
          </Link>
        ) : (
          <a key={index} href={part.href} className={linkClass} rel={part.href.startsWith("http") ? "noopener noreferrer" : undefined}>
            {part.label}
          </a>
        ),
      )}
    </>
  );
}
