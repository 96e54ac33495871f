import { FlaskConical, Inbox } from "lucide-react";
import type { MailboxMessage } from "@domain";
import { Badge } from "~/components/ui/badge";
import { MailboxFilter } from "./mailbox-filter";
import { MailboxMessageCard } from "./mailbox-message-card";

/** /dev/mailbox (demo mode): what the app would have sent by e-mail or SMS, newest first, optionally to one recipient. */
export function DevMailboxPage({ messages, to }: { messages: MailboxMessage[]; to: string }) {
  return (
    <div className="bg-surface">
      <div className="container-page py-10 sm:py-14">
        <div className="mx-auto max-w-4xl">
          <Badge variant="warning">
            <FlaskConical className="size-3.5" aria-hidden="true" />
            Development only
          </Badge>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Dev mailbox</h1>
          <p className="mt-2 max-w-2xl text-muted">
            Messages the app would have sent; never enabled in production. Sign-up confirmations, sign-in codes, password resets and
            tickets land here instead of a real inbox or phone, newest first.
          </p>

          <div className="mt-8">
            <MailboxFilter to={to} />
          </div>

          <p className="mt-6 text-sm font-semibold text-muted" aria-live="polite">
            {messages.length} {messages.length === 1 ? "message" : "messages"}
            {to && (
              <>
                {" "}
                to <span className="break-all text-ink">{to}</span>
              </>
            )}
          </p>

          {messages.length > 0 ? (
            <ol className="mt-4 flex flex-col gap-5">
              {messages.map((message) => (
                <li key={message.id}>
                  <MailboxMessageCard message={message} />
                </li>
              ))}
            </ol>
          ) : (
            <div className="mt-4 flex flex-col items-center rounded-3xl border border-dashed border-border bg-white px-6 py-14 text-center">
              <Inbox className="size-10 text-brand-600" aria-hidden="true" />
              <h2 className="mt-4 text-lg font-bold">{to ? "Nothing sent to this recipient" : "No messages yet"}</h2>
              <p className="mt-1 max-w-md text-muted">
                Sign up, ask for a sign-in code or reset a password, and the message the app sends appears here.
              </p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
