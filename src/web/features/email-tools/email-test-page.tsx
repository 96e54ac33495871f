import { EmailInfoCard } from "./email-info-card";
import type { SampleEmail } from "./email-test-text";
import { TestEmailForm } from "./test-email-form";
import { TicketEmailTest } from "./ticket-email-test";

/** /email-test (spec §2 Manual Email Sender): a test e-mail, a ticket e-mail test and what the tool does. */
export function EmailTestPage({ ownEmail, isAdmin, sample }: { ownEmail: string; isAdmin: boolean; sample: SampleEmail }) {
  return (
    <div className="bg-surface">
      <div className="container-page max-w-6xl py-10 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Manual Email Sender</h1>
          <p className="mt-2 text-muted">Check that email delivery works: send a test message or a booking&apos;s ticket email.</p>
        </header>
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <div className="flex min-w-0 flex-col gap-6">
            <TestEmailForm ownEmail={ownEmail} isAdmin={isAdmin} sample={sample} />
            <TicketEmailTest />
          </div>
          <aside aria-label="About this tool" className="lg:sticky lg:top-24">
            <EmailInfoCard ownEmail={ownEmail} isAdmin={isAdmin} />
          </aside>
        </div>
      </div>
    </div>
  );
}
