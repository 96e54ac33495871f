import { useCallback, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { questionsForType, type TicketQuestion } from "@domain";
import { useSessionUser } from "~/hooks/use-session-user";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { createPayment, signInPath } from "./create-payment";
import { browserCheckoutWindow, openCheckout } from "./lib/open-checkout";
import { isCapacityConflict, needsSignIn, NO_CHECKOUT_URL, PAYMENT_TOASTS, paymentErrorDescription } from "./lib/payment-toasts";
import { browserAffiliateCode } from "./lib/stored-affiliate-code";
import { useAttendeeName } from "./use-attendee-name";
import { useDateOfBirth } from "./use-date-of-birth";
import { useRestoredPage } from "./use-restored-page";
import { useTicketAttendees } from "./use-ticket-attendees";

/**
 * Buy Now on a paid event (spec §4 Payment, §6 Anonymous): signed out goes to /auth and back; signed
 * in starts a checkout in the attendee's name (issue 17) and opens it in a new tab, or in this tab after
 * 1 s when the popup is blocked. `attendee` is the name field's state, null when signed out, and
 * `otherTickets` the other tickets' names and e-mails (issue 36); `dateOfBirth`
 * is the date of birth field's, shown once an age-limited event asks for it (issue 34).
 */
export function useBuyNow({
  eventId,
  eventTitle,
  dateTime,
  minAge,
  questions = [],
  code,
  waitingOffer,
}: {
  eventId: string;
  eventTitle: string;
  dateTime?: string;
  minAge?: number | null;
  /** The organiser's questions (issue 36): each ticket of the type bought answers those asked on it. */
  questions?: readonly TicketQuestion[];
  /** The buyer's code the page was priced with (issue 37); the server prices the checkout with it again. */
  code?: string;
  /** A waiting-list offer's token (issue 37, the offer e-mail's `?offer=`): the server holds the place for it. */
  waitingOffer?: string;
}) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const { field, checkedName } = useAttendeeName();
  const others = useTicketAttendees();
  const dateOfBirth = useDateOfBirth();
  useRestoredPage(useCallback(() => setPending(false), []));

  function askToSignIn() {
    toast.error(PAYMENT_TOASTS.signInRequired.title, { description: PAYMENT_TOASTS.signInRequired.description });
    void navigate(signInPath(paths.event(eventId) + (waitingOffer ? `?offer=${encodeURIComponent(waitingOffer)}` : "")));
  }

  // The Buy Now is one line, ticket 1 the buyer's; kept under one key, so a change of type keeps what was typed.
  const lineOf = (quantity: number, ticketTypeId: string | undefined) => ({ key: "buy-now", quantity, questions: questionsForType(questions, ticketTypeId ?? null), buyerFirst: true });

  async function buyNow(quantity: number, ticketTypeId?: string, typeOfOnly?: string): Promise<void> {
    if (pending) return;
    if (!user) return askToSignIn();
    const attendeeName = checkedName();
    if (attendeeName === null) return;
    // Each ticket's attendee (issue 36), the first the buyer; undefined when every ticket is in the buyer's name.
    const checked = others.checkedAttendees(attendeeName, [lineOf(quantity, ticketTypeId ?? typeOfOnly)]);
    if (checked === null) return;
    const attendees = checked[0];
    const born = await dateOfBirth.checkedDateOfBirth(dateTime ? [{ title: eventTitle, dateTime, minAge }] : []);
    if (born === null) return;
    setPending(true);
    let leaving = false;
    try {
      const { url, booked } = await createPayment({ eventId, eventTitle, ticketQuantity: quantity, ...(ticketTypeId ? { ticketTypeId } : {}), attendeeName, ...(attendees ? { attendees } : {}), affiliateCode: browserAffiliateCode(), ...(code ? { code } : {}), ...(waitingOffer ? { waitingOffer } : {}), ...(born ? { dateOfBirth: born } : {}) });
      if (!url) throw new Error(NO_CHECKOUT_URL);
      if (booked) {
        // Free tickets only (issue 36): nothing to pay, so no checkout window; this tab goes to the booked tickets.
        leaving = true;
        window.location.assign(url);
      } else if (openCheckout(url, browserCheckoutWindow()) === "opened") {
        toast.success(PAYMENT_TOASTS.windowOpened.title, { description: PAYMENT_TOASTS.windowOpened.description });
      } else {
        leaving = true;
        toast.info(PAYMENT_TOASTS.redirecting.title, { description: PAYMENT_TOASTS.redirecting.description });
      }
    } catch (error) {
      if (needsSignIn(error)) return askToSignIn();
      if (dateOfBirth.askedFor(error)) return void toast.info(PAYMENT_TOASTS.dateOfBirthNeeded.title, { description: paymentErrorDescription(error) });
      toast.error(PAYMENT_TOASTS.paymentError.title, { description: paymentErrorDescription(error) });
      // Sold out or fewer left than asked: show the places as they are now.
      if (isCapacityConflict(error)) void revalidator.revalidate();
    } finally {
      // The button stays busy while this tab is about to leave for the checkout.
      if (!leaving) setPending(false);
    }
  }

  return {
    buyNow,
    pending,
    attendee: user ? field : null,
    /** Its tickets' fields (issue 36): tickets 2 to `quantity` named beside the buyer's name, each ticket's questions. */
    otherTickets: user ? (quantity: number, ticketTypeId: string | undefined) => others.field(lineOf(quantity, ticketTypeId), field.name.trim()) : null,
    dateOfBirth: user ? dateOfBirth.field : null,
  };
}
