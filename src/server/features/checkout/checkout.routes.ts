import type { AppContext } from "../../app-context";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CheckoutRedirect, CheckoutSessionId, CreatePaymentResult, TestCheckout, VerifyPaymentInput, VerifyPaymentResult } from "../../../domain";
import { cancelTestCheckout, getTestCheckout, payTestCheckout, startCheckout } from "./checkout.service";
import { verifyPayment } from "./verify-payment.service";

/** The money path's functions (spec §7 create-payment, verify-payment) and the local test checkout. */
export const checkoutRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, jobs, session, config, gateway }) => {
  app.post(
    "/functions/create-payment",
    {
      schema: {
        tags: ["functions"],
        summary:
          "Start a checkout for one event or a whole cart; returns the checkout URL. An age-limited event refuses a buyer under its minimum age on its date (403 UNDER_AGE_LIMIT), or without a date of birth (403 DATE_OF_BIRTH_NEEDED: send `dateOfBirth`, YYYY-MM-DD, which is kept on the account only while it has none)",
        description: [
          "Body: `attendeeName`, optional `affiliateCode`, `code`, `waitingOffer` and `dateOfBirth`, and either the spec's one event (`eventId`, `ticketQuantity`, optional `ticketTypeId` and `attendees`) or a cart's `items: [{ eventId, ticketTypeId?, ticketQuantity, attendees? }]`.",
          "Attendees (issue 36): each ticket is its own record in its attendee's name. Without more, every ticket carries `attendeeName`. The one event, or any cart line, may instead name each ticket: `attendees: [{ name, email? }]`, one per ticket in order (its length equals the line's `ticketQuantity`); each `name` is trimmed, 1 to 100 characters, as `attendeeName`; `email`, optional, is a valid address of at most 254 characters, to which that attendee gets their own ticket. Lines of one event and type are merged, their attendees concatenated in order (a line without `attendees` counts as that many in `attendeeName`). Refusals: 400 VALIDATION_FAILED naming the field, e.g. `Invalid field 'items.0.attendees': attendees must name each ticket, one per ticket: 3 expected, 2 given` or `Invalid field 'items.0.attendees.1.email': …`; nothing is held.",
          "Questions (issue 36): an attendee may carry `answers: { <question id>: <answer> }` to the event's `questions` asked on their ticket's type (GET /api/events/{id}): text, one of a choice's options, or true/false for a tick box. An event whose ticket must answer a required question needs `attendees` on that line. Refusals: 400 VALIDATION_FAILED, e.g. `Invalid field 'attendees': name each ticket for Family Day and answer its questions: “Dietary needs” must be answered on every ticket`, `Invalid field 'attendees.1.answers.<id>': Choose an answer to “Dietary needs” (ticket 2 for Family Day)`, or an answer to a question not asked on that ticket; nothing is held. Answers are kept with the question as it was asked.",
          "Ticket types (issue 36): `ticketTypeId` names one of the event's shown types (`GET /api/events/{id}` lists them); it may be left out only for an event that sells one. Each line is priced from its type. Refusals, with `details.reason`: 400 VALIDATION_FAILED TICKET_TYPE_REQUIRED (an event with several types and none named), TICKET_TYPE_NOT_FOUND (not one of the event's shown types; hidden types are sold only through a code), ORDER_MINIMUM and ORDER_LIMIT (the type's per-order limits, `details.limit`); 409 CONFLICT NOT_ON_SALE_YET and SALES_ENDED (the type's sales window), SOLD_OUT and NOT_ENOUGH_LEFT (`details.remaining`, with `details.ticketTypeId` when the type's own capacity is what ran out: a type sells while both it and its event have places).",
          "Free types (issue 36): a paid event's free type is booked like any other, at £0 with no booking fee. A checkout of free tickets only costs nothing, so it goes to no payment provider: it is confirmed at once, the answer carries `booked: true` and `url` is the success page (`sessionId` starts `free_`); it has no receipt and moves no money. An event whose types are all free needs no booking (400).",
          "Codes (issue 37): optional `code`, a discount or access code in any case. It is the code of that text of each line's event's organiser that covers the event (one event, or all of the organiser's). Each ticket of a type it applies to (the types it names; with none named, every shown type) is priced at the type's price less the code's discount, never below £0; the booking fee is charged on the price paid, so a ticket the code makes free pays none and a checkout that comes to £0 is confirmed at once with no provider (as free types are). A hidden type is sold only with a code that names it. The code's uses are counted per ticket, held with the hold (released if it lapses or is cancelled) and sold, under a lock on the code, so racing checkouts never pass its limit; a payment that arrives after its hold lapsed is refunded in full if the code's uses ran out meanwhile. Refusals, with `details.reason` and `details.field` `code`: 400 VALIDATION_FAILED CODE_NOT_FOUND (`No code ABC for this event`), CODE_NOT_APPLICABLE (`This code does not apply to these tickets`); 409 CONFLICT CODE_INACTIVE (`This code is no longer valid`), CODE_NOT_YET_VALID (`This code is not valid yet`), CODE_EXPIRED (`This code has expired`), CODE_USED_UP (`This code has been used up`), CODE_NOT_ENOUGH_USES (`This code can be used for only 2 more tickets`), CODE_BUYER_LIMIT (`This code can be used for at most 2 tickets per buyer, and you have already used it for 1`).",
          "Waiting list (issue 37, decision 043): optional `waitingOffer`, the token of the buyer's open offer (the `?offer=` of its e-mail's link, or `offer.token` of GET /api/me/waiting-list). Waiting entries and open offers count against places, so a sold-out type stays sold out to the public while the list has it; with the offer, the line's place is counted without the waiting entries and without the offer itself. The offer's event must have exactly one line, of one ticket, of the offer's type (an any-type offer: any shown type). Buying (with or without an offer) takes the buyer off the list for what they bought. Refusals, with `details.reason`: 409 CONFLICT OFFER_NOT_FOUND (unknown, not the buyer's, declined or withdrawn, for another event or another type), OFFER_EXPIRED (past its time: the place went to the next person), OFFER_TAKEN (already used, or already in another of the buyer's checkouts); 400 VALIDATION_FAILED OFFER_QUANTITY (more than one ticket).",
          "A paid event is sold only once its organiser has completed their seller details (issue 34): until then it is refused with 409 CONFLICT, `details.reason` SELLER_DETAILS_MISSING and `details.eventId`, the message naming the event.",
        ].join("\n\n"),
        body: z.unknown(),
        response: { 200: CreatePaymentResult },
      },
    },
    async (request) => {
      const userId = (await session.requireActor(request)).userId;
      return startCheckout({ db, jobs, gateway, company: config.company, publicUrl: config.publicUrl, userId, input: request.body });
    },
  );

  app.post(
    "/functions/verify-payment",
    {
      schema: {
        tags: ["functions"],
        summary: "Confirm a paid checkout (idempotent) and return its booking(s), to the order's own buyer only",
        body: VerifyPaymentInput,
        response: {
          200: VerifyPaymentResult,
        },
      },
    },
    // The success page is reached signed in (spec §4): only the order's own buyer is answered.
    async (request) => verifyPayment({ db, jobs, gateway, company: config.company, userId: (await session.requireActor(request)).userId, sessionId: request.body.sessionId }),
  );

  /** The local provider's checkout page reads its order here (heading 'Test payment'). */
  app.get(
    "/checkout/test/:sessionId",
    {
      schema: {
        tags: ["checkout"],
        summary: "A local test checkout session (demo payments)",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: {
          200: TestCheckout,
        },
      },
    },
    async (request) => getTestCheckout({ db, sessionId: request.params.sessionId, userId: (await session.requireActor(request)).userId }),
  );

  app.post(
    "/checkout/test/:sessionId/pay",
    {
      schema: {
        tags: ["checkout"],
        summary: "Pay a local test checkout; answers where the browser goes next, as Stripe Checkout would",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: { 200: CheckoutRedirect },
      },
    },
    async (request) => payTestCheckout({ db, jobs, gateway, company: config.company, sessionId: request.params.sessionId, userId: (await session.requireActor(request)).userId }),
  );

  app.post(
    "/checkout/test/:sessionId/cancel",
    {
      schema: {
        tags: ["checkout"],
        summary: "Cancel a local test checkout: its places are released",
        params: z.object({ sessionId: CheckoutSessionId }),
        response: { 200: CheckoutRedirect },
      },
    },
    async (request) => cancelTestCheckout({ db, jobs, sessionId: request.params.sessionId, userId: (await session.requireActor(request)).userId }),
  );
};
