import { Download, ReceiptPoundSterling } from "lucide-react";
import type { ReactNode } from "react";
import type { Statements } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { PAYOUTS_CSV_URL, STATEMENTS_CSV_URL } from "../../lib/payouts-paths";
import { EmptyState } from "../empty-state";
import { StatementFeeStatements } from "./statement-fee-statements";
import { StatementPayouts } from "./statement-payouts";
import { StatementCards, StatementsTable } from "./statements-table";

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pb-3 pt-4 sm:px-6 sm:pt-5">
        <h3 id={id} className="text-lg font-bold">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

function CsvLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} download className={buttonVariants({ variant: "outline", size: "sm" })}>
      <Download aria-hidden="true" />
      {children}
    </a>
  );
}

/** The Payouts section's money after the event (issue 20): statements per event, each payout, and the monthly fee statements. */
export function StatementsSections({ statements }: { statements: Statements }) {
  const { events, payouts, feeStatements } = statements;
  if (!events.length && !payouts.length) {
    return (
      <EmptyState icon={ReceiptPoundSterling} title="No statements yet">
        Once your paid events sell tickets, each gets a statement here: its sales, our fees, refunds and when we pay you, 7 UK business days after it ends.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Section id="statements-heading" title="Statements" action={<CsvLink href={STATEMENTS_CSV_URL}>Statements CSV</CsvLink>}>
        <p className="px-4 pb-3 text-sm text-muted sm:px-6">
          Net due is your gross sales less refunds, organiser fees, any booking fees you absorb and disputed sales. Booking fees and affiliate commission are
          the platform's, shown for reference.
        </p>
        <StatementsTable statements={events} />
        <StatementCards statements={events} />
      </Section>
      <Section id="payout-transfers-heading" title="Payout history" action={payouts.length ? <CsvLink href={PAYOUTS_CSV_URL}>Payouts CSV</CsvLink> : undefined}>
        <StatementPayouts payouts={payouts} />
      </Section>
      <Section id="fee-statements-heading" title="Monthly fee statements">
        <StatementFeeStatements statements={feeStatements} />
      </Section>
    </div>
  );
}
