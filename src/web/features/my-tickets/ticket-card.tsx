import { CalendarDays, CalendarPlus, CircleAlert, IdCard, Loader2, Mail, MailCheck, MapPin, Printer, ReceiptText, RotateCcw, Send } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { BRAND, eventPlace, formatPounds, minAgeDescription, NO_WALLETS, receiptPath, type TicketEmailStatus, type WalletsOffered } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import type { MyTicketsActionResult } from "./my-tickets-action-result";
import { BookingTicketList } from "./booking-ticket-list";
import { RefundRequestSection } from "./refund-request";
import type { ShownTicket } from "./shown-ticket";
import { eventWhen, MY_TICKETS_TEXT, RESEND_WAYS, resendErrorToast, resendResultToast, statusLabel, ticketEmailLine, ticketValidity } from "./my-tickets-text";

/** One of the user's own tickets as a calendar file (GET /api/me/tickets/{bookingId}/calendar.ics); the browser downloads it. */
function ticketCalendarUrl(bookingId: string): string {
  return `/api/me/tickets/${encodeURIComponent(bookingId)}/calendar.ics`;
}

function Detail({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words font-semibold text-ink">{children}</dd>
    </div>
  );
}

function EmailLine({ email }: { email: TicketEmailStatus }) {
  const Icon = email.status === "sent" ? MailCheck : email.status === "failed" ? CircleAlert : Mail;
  return (
    <p className={cn("flex items-start gap-2 text-xs", email.status === "failed" ? "text-red-800" : "text-muted")}>
      <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{ticketEmailLine(email)}</span>
    </p>
  );
}

/**
 * One booking (spec §2 My Tickets): event, status, quantity, total, who booked, check-in, each ticket with its
 * attendee, type, code, state and own entry QR (issue 36), the ticket e-mail's delivery, and resend (two ways),
 * add to calendar and print. On paper it fills its own page.
 */
export function TicketCard({
  ticket,
  printTarget,
  onPrint,
  wallets = NO_WALLETS,
}: {
  ticket: ShownTicket;
  /** The wallets this site offers (D27): each valid ticket links to its pass. */
  wallets?: WalletsOffered;
  /** Print Ticket was pressed on this card: print CSS shows it alone. */
  printTarget: boolean;
  onPrint: (bookingId: string) => void;
}) {
  const resend = useFetcher<MyTicketsActionResult>();
  const sending = resend.state === "idle" ? null : resend.formData?.get("provider");
  const titleId = `ticket-${ticket.bookingId}-title`;
  const place = eventPlace(ticket.event);
  const validity = ticketValidity(ticket);
  // Each ticket says when it was admitted (issue 36); the booking says so once all its valid ones were.
  const admitting = ticket.tickets.filter((one) => one.admits);
  const allCheckedIn = admitting.length > 0 && admitting.every((one) => one.checkedInAt !== null);

  // The toast says what the server answered; a resend that went out shows on the card when the list is read again.
  const answer = resend.data;
  useEffect(() => {
    if (!answer || answer.intent !== "resend") return;
    if ("refused" in answer) {
      const text = resendErrorToast(answer.refused);
      toast.error(text.title, { description: text.description });
      return;
    }
    if (!("result" in answer)) return;
    const { ok, text } = resendResultToast(answer.result);
    if (ok) toast.success(text.title, { description: text.description });
    else toast.error(text.title, { description: text.description });
  }, [answer]);
  return (
    <li
      data-ticket-card=""
      data-print-target={printTarget ? "" : undefined}
      className="overflow-hidden rounded-3xl border border-border bg-white shadow-sm print:rounded-none print:border-2 print:border-ink print:shadow-none"
    >
      <article aria-labelledby={titleId}>
        <p aria-hidden="true" className="hidden items-center justify-between border-b-2 border-ink px-6 py-3 text-sm font-bold uppercase tracking-widest print:flex">
          <span>{BRAND.name}</span>
          <span>E-ticket</span>
        </p>
        <div>
          <div className="min-w-0 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              {validity.usable && <Badge variant="success">{statusLabel(ticket.status)}</Badge>}
              {validity.stateLabel && <Badge variant={validity.usable ? "warning" : "danger"}>{validity.stateLabel}</Badge>}
              {allCheckedIn && <Badge variant="secondary">Checked in</Badge>}
            </div>
            <h3 id={titleId} className="mt-3 break-words text-xl font-bold leading-snug sm:text-2xl">
              {ticket.event.title}
            </h3>
            <ul className="mt-3 flex flex-col gap-1.5 text-sm text-muted">
              <li className="flex items-start gap-2">
                <CalendarDays className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                {eventWhen(ticket.event.dateTime)}
              </li>
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span className="min-w-0 break-words">{place || "TBA"}</span>
              </li>
              {ticket.event.minAge != null && (
                <li className="flex items-start gap-2">
                  <IdCard className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  <span>
                    <strong className="font-semibold text-ink">{minAgeDescription(ticket.event.minAge)}.</strong> Bring photo ID: it may be checked at the door.
                  </span>
                </li>
              )}
            </ul>
            <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 rounded-2xl bg-surface p-4 text-sm sm:grid-cols-3 print:bg-white print:px-0">
              <Detail label="Quantity">{validity.quantity}</Detail>
              <Detail label="Total Paid">
                <span className="tabular-nums">{formatPounds(ticket.totalAmountPence)}</span>
              </Detail>
              {ticket.refundedPence > 0 && (
                <Detail label="Refunded">
                  <span className="tabular-nums">{formatPounds(ticket.refundedPence)}</span>
                </Detail>
              )}
              <Detail label="Booked by" className="col-span-2 sm:col-span-1">
                {ticket.attendeeName}
              </Detail>
            </dl>
            <div className="mt-4 flex flex-col gap-3 print:hidden">
              <EmailLine email={ticket.ticketEmail} />
              {ticket.orderId && (
                <Link
                  to={receiptPath(ticket.orderId)}
                  aria-describedby={titleId}
                  className="inline-flex min-h-6 w-fit items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  <ReceiptText className="size-4" aria-hidden="true" />
                  {MY_TICKETS_TEXT.receipt}
                </Link>
              )}
            </div>
            <RefundRequestSection ticket={ticket} />
          </div>
          <section
            aria-label={`Tickets (${ticket.tickets.length})`}
            className="border-t-2 border-dashed border-border bg-surface/60 p-5 sm:p-6 print:border-t-2 print:bg-white print:py-8"
          >
            <p className={cn("mb-3 text-sm font-semibold print:text-base", validity.usable ? "text-ink" : "text-red-800")}>{validity.qrNote}</p>
            <BookingTicketList ticket={ticket} titleId={titleId} wallets={wallets} />
          </section>
        </div>
        {validity.usable && (
          <div className="flex flex-col gap-2 border-t border-border px-5 py-4 sm:flex-row sm:flex-wrap sm:px-6 print:hidden">
            {/* One send at a time per card (spec §2 My Tickets); `display: contents` keeps the buttons in the row. */}
            <resend.Form method="post" className="contents">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="bookingId" value={ticket.bookingId} />
              {RESEND_WAYS.map(({ provider, label }, index) => {
                const Icon = index === 0 ? Send : RotateCcw;
                return (
                  <Button
                    key={provider}
                    type="submit"
                    name="provider"
                    value={provider}
                    variant="outline"
                    size="sm"
                    aria-describedby={titleId}
                    disabled={sending != null}
                  >
                    {sending === provider ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Icon aria-hidden="true" />}
                    {label}
                  </Button>
                );
              })}
            </resend.Form>
            <a href={ticketCalendarUrl(ticket.bookingId)} download aria-describedby={titleId} className={buttonVariants({ variant: "outline", size: "sm" })}>
              <CalendarPlus aria-hidden="true" />
              {MY_TICKETS_TEXT.addToCalendar}
            </a>
            <Button variant="secondary" size="sm" className="sm:ml-auto" aria-describedby={titleId} onClick={() => onPrint(ticket.bookingId)}>
              <Printer aria-hidden="true" />
              Print Ticket
            </Button>
          </div>
        )}
      </article>
    </li>
  );
}
