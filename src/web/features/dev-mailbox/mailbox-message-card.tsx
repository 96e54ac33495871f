import { Download, Link2, Mail, MessageSquareText, Paperclip } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { describeFileType, formatFileSize, formatSentAt, linkPath, type MailboxMessage } from "./mailbox-message";

/** One stored message: who it was for, when, its text, its links, its attachments (images shown) and (for e-mail) the HTML as sent. */
export function MailboxMessageCard({ message }: { message: MailboxMessage }) {
  const title = message.subject ?? (message.channel === "sms" ? "Text message" : "(no subject)");
  const headingId = `message-${message.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge variant={message.channel === "sms" ? "accent" : "secondary"}>
              {message.channel === "sms" ? <MessageSquareText className="size-3.5" aria-hidden="true" /> : <Mail className="size-3.5" aria-hidden="true" />}
              {message.channel === "sms" ? "SMS" : "Email"}
            </Badge>
            <span>
              To <span className="break-all font-semibold text-ink">{message.to}</span>
            </span>
          </div>
          <h2 id={headingId} className="mt-2 text-lg font-bold leading-snug break-words">
            {title}
          </h2>
        </div>
        <time dateTime={message.createdAt} className="shrink-0 text-sm text-muted">
          {formatSentAt(message.createdAt)}
        </time>
      </header>

      <pre className="mt-4 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-xl bg-surface p-4 font-mono text-sm leading-relaxed text-ink">
        {message.text}
      </pre>

      {message.links.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Links</h3>
          <ul className="mt-2 flex flex-col gap-1.5">
            {message.links.map((href) => (
              <li key={href} className="flex items-start gap-2 text-sm">
                <Link2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <a href={href} className="break-all font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
                  {linkPath(href)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      {message.attachments.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Attachments</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {message.attachments.map((attachment) => (
              <li key={attachment.url} className="flex flex-col gap-3 rounded-xl border border-border p-3 sm:flex-row sm:items-center">
                {attachment.contentType.startsWith("image/") && (
                  <img
                    src={attachment.url}
                    alt={`${attachment.filename}${attachment.inline ? " (shown in the message)" : ""}`}
                    className="size-32 shrink-0 rounded-lg border border-border bg-white object-contain"
                  />
                )}
                <div className="flex min-w-0 flex-1 items-start gap-2 text-sm">
                  <Paperclip className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <div className="min-w-0">
                    <p className="break-all font-semibold text-ink">{attachment.filename}</p>
                    <p className="text-muted">
                      {describeFileType(attachment.contentType)} · {formatFileSize(attachment.size)}
                      {attachment.inline && " · shown in the message"}
                    </p>
                  </div>
                </div>
                <a
                  href={attachment.url}
                  download={attachment.filename}
                  className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg border border-border px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-surface sm:self-center"
                >
                  <Download className="size-4" aria-hidden="true" />
                  Download<span className="sr-only"> {attachment.filename}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}

      {message.html && (
        <details open={message.attachments.some((attachment) => attachment.inline)} className="group mt-4 rounded-xl border border-border">
          <summary className="cursor-pointer rounded-xl px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-surface">View the message as sent</summary>
          <iframe
            title={`HTML version of "${title}"`}
            srcDoc={message.html}
            // Scripts stay off; a click on a link may open it, as in a mail client.
            sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
            loading="lazy"
            className="h-[32rem] w-full rounded-b-xl border-t border-border bg-white"
          />
        </details>
      )}
    </article>
  );
}
