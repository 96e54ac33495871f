// Server-only: route loaders call the server's services directly (never bundled for the browser).
import type { ContactMessageInput, EditableEvent, MailboxMessage, NoticeSettings, OwnProfile, PlatformCompany, RefundTicketsInput, RenameTicketInput, SessionUser, TicketEmailProvider, TransferTicketInput } from "@domain";
import { AppError, sellsPaidTickets, type EraseAccountInput } from "@domain";
import { isDatabaseUnavailable } from "../../server/db/client";
import { createAffiliateAccount, generateAffiliateCode, getOwnAffiliate as readOwnAffiliate } from "../../server/features/affiliates/affiliates.service";
import { getTestCheckout as readTestCheckout } from "../../server/features/checkout/checkout.service";
import { requestRefund } from "../../server/features/refunds/refund-requests.service";
import { verifyPayment } from "../../server/features/checkout/verify-payment.service";
import { listMyTickets as readMyTickets } from "../../server/features/tickets/my-tickets.service";
import { ownBookingTickets as readOwnBookingTickets } from "../../server/features/tickets/booking-tickets";
import { getEditableEvent as readEditableEvent } from "../../server/features/events/event-editing.service";
import { authBodyProblem } from "../../server/features/auth/auth.routes";
import { submitContactMessage } from "../../server/features/contact/contact.service";
import { sendTicketEmail } from "../../server/features/tickets/send-ticket-email.service";
import { sampleTestEmail as buildSampleTestEmail } from "../../server/features/tickets/send-test-email.service";
import { isMailboxOpenTo, listMailbox as readMailbox } from "../../server/features/dev-mailbox/dev-mailbox.service";
import { outboxDir } from "../../server/providers/email/email";
import { getOwnProfile as readOwnProfile, listOrganiserChoices } from "../../server/features/profiles/profiles.service";
import { getReceipt as readReceipt } from "../../server/features/receipts/receipts.service";
import { getVatInvoices as readVatInvoices, issueVatInvoices as issueOrderVatInvoices } from "../../server/features/receipts/vat-invoices.service";
import { eventsAwaitingSellerDetails, eventSellers, hasSellerDetails } from "../../server/features/events/sellers";
import {
  continueOnboarding,
  eventsAwaitingPayouts,
  getPayoutAccount,
  organiserCanTakePayments,
  refreshPayoutAccount,
  startOnboarding,
} from "../../server/features/payouts/payout-accounts.service";
import { type RouterContextReader, services } from "./page-context.server";

export { getCategoryCounts, getEvent, getEventsByIds, getHomeData, getSimilarEvents, listEvents } from "../../server/features/events/events.service";
export { getPublicProfile } from "../../server/features/profiles/profiles.service";
export { getSiteStats } from "../../server/features/stats/stats.service";

export function getSessionUser(context: RouterContextReader, request: Request): Promise<SessionUser | null> {
  return services(context).session.user(request.headers);
}

/**
 * The header's signed-in user. While the database is away the header shows no one, so the page itself
 * renders and its own loader reports the outage in the page's words (e.g. 'Failed to fetch events').
 */
export async function getHeaderUser(context: RouterContextReader, request: Request): Promise<SessionUser | null> {
  try {
    return await getSessionUser(context, request);
  } catch (error) {
    if (isDatabaseUnavailable(error)) return null;
    throw error;
  }
}

/** The platform's company as configured (COMPANY_*), which the footer, the legal pages and /about name (issue 34). */
export function getPlatformCompany(context: RouterContextReader): PlatformCompany {
  return services(context).config.company;
}

export function getOwnProfile(context: RouterContextReader, userId: string): Promise<OwnProfile> {
  return readOwnProfile({ db: services(context).db, userId });
}

/** Whether this client can read /dev/mailbox: demo mode with the outbox, on this machine (never in production). */
export function isMailboxOpen(context: RouterContextReader): boolean {
  return isMailboxOpenTo(services(context).config, services(context).socketAddress);
}

/** Null when the dev mailbox is disabled (production) or the client is not on this machine: the page then answers 404. */
export async function listMailbox(context: RouterContextReader, options: { to?: string; limit?: number } = {}): Promise<MailboxMessage[] | null> {
  if (!isMailboxOpen(context)) return null;
  return readMailbox({ db: services(context).db, dir: outboxDir(services(context).config), ...options });
}

/**
 * The event to edit, for its owner or an admin; throws EVENT_NOT_FOUND or EVENT_ACCESS_DENIED. `user` is
 * the session's user as getSessionUser read it, admin rule applied to that session.
 */
export function getEditableEvent(context: RouterContextReader, { eventId, user }: { eventId: string; user: SessionUser }): Promise<EditableEvent> {
  return readEditableEvent({ db: services(context).db, actor: { userId: user.id, isAdmin: user.isAdmin }, eventId });
}

/** Every profile, for the admin's organiser select (call for admins only). */
export function listOrganisers(context: RouterContextReader) {
  return listOrganiserChoices({ db: services(context).db });
}

export function getOwnAffiliate(context: RouterContextReader, userId: string) {
  return readOwnAffiliate({ db: services(context).db, userId });
}

/** The local test checkout's order for its buyer; throws NOT_FOUND for anyone else. */
export function getTestCheckout(context: RouterContextReader, { sessionId, userId }: { sessionId: string; userId: string }) {
  return readTestCheckout({ db: services(context).db, sessionId, userId });
}

/** spec §2 My Tickets: the user's tickets, newest first, with signed QR payloads. */
export function listMyTickets(context: RouterContextReader, userId: string) {
  return readMyTickets({ db: services(context).db, signer: services(context).signer, userId });
}

/** An order's receipt for its buyer or an admin; throws NOT_FOUND for anyone else (issue 20). */
export function getReceipt(context: RouterContextReader, { orderId, user }: { orderId: string; user: SessionUser }) {
  return readReceipt({ db: services(context).db, actor: { userId: user.id, isAdmin: user.isAdmin }, orderId });
}

/** An order's full VAT invoices (issue 34) for its buyer or an admin; throws NOT_FOUND for anyone else. */
export function getVatInvoices(context: RouterContextReader, { orderId, user }: { orderId: string; user: SessionUser }) {
  return readVatInvoices({ db: services(context).db, actor: { userId: user.id, isAdmin: user.isAdmin }, orderId });
}

/** Issues an order's full VAT invoices to the name and address given (the form posted to the page). */
export function issueVatInvoices(context: RouterContextReader, { orderId, user, input }: { orderId: string; user: SessionUser; input: unknown }) {
  return issueOrderVatInvoices({ db: services(context).db, actor: { userId: user.id, isAdmin: user.isAdmin }, orderId, input });
}

/** Request headers a page's form post hands on to the auth server: its session, and what its CSRF checks read. */
const AUTH_FORWARDED_HEADERS = ["cookie", "origin", "referer", "user-agent", "accept-language", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest", "sec-fetch-user"];

/**
 * One auth endpoint (better-auth under /api/auth) called for a form the page posted before its scripts
 * ran: the same handler, hooks, limits and origin checks as the browser's JSON call, keyed on the
 * client's resolved address. Answers the auth server's own Response (Set-Cookie included).
 */
export async function callAuthEndpoint(context: RouterContextReader, request: Request, path: `/${string}`, body: Record<string, unknown>): Promise<Response> {
  const json = JSON.stringify(body);
  const problem = authBodyProblem("application/json", Buffer.from(json));
  if (problem) return Response.json({ code: "INVALID_REQUEST_BODY", message: problem }, { status: 400 });
  const headers = new Headers({ "content-type": "application/json", accept: "application/json", "x-forwarded-for": services(context).clientIp });
  for (const name of AUTH_FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return services(context).auth.handler(new Request(new URL(`/api/auth${path}`, services(context).config.publicUrl), { method: "POST", headers, body: json }));
}

/** The contact form posted before the page's scripts ran: the API's service, limit keyed on the resolved client address. */
export function sendContactMessage(context: RouterContextReader, input: ContactMessageInput) {
  const { db, email, config, clientIp } = services(context);
  return submitContactMessage({ db, email, supportEmail: config.SUPPORT_EMAIL, company: config.company, input, clientIp });
}

/**
 * /resend-ticket posted before the page's scripts ran: the API's service with its limits (per address,
 * per booking), sent only to the booking's own address; the recipient is masked unless the session may see it.
 */
/** The Manual Email Sender's sample: a ticket e-mail with sample data, in the product's layout. */
export function getSampleTestEmail(context: RouterContextReader) {
  return buildSampleTestEmail({ publicUrl: services(context).config.publicUrl, company: services(context).config.company });
}

export async function resendTicketEmail(context: RouterContextReader, request: Request, { identifier, provider }: { identifier: string; provider?: TicketEmailProvider }) {
  const user = await getSessionUser(context, request);
  const mailer = { db: services(context).db, email: services(context).email, signer: services(context).signer, publicUrl: services(context).config.publicUrl, company: services(context).config.company };
  return sendTicketEmail(mailer, { actor: user ? { userId: user.id, isAdmin: user.isAdmin } : null, identifier, provider, clientIp: services(context).clientIp });
}

/** The user's payout account (the dashboard's Payouts tab). */
export function getPayoutAccountState(context: RouterContextReader, userId: string) {
  return getPayoutAccount({ db: services(context).db, gateway: services(context).gateway, userId });
}

/** Set up payouts (the form's post): the account once, then the provider's onboarding link. */
export function startPayoutOnboarding(context: RouterContextReader, userId: string) {
  return startOnboarding({ db: services(context).db, gateway: services(context).gateway, publicUrl: services(context).config.publicUrl, userId });
}

/** A fresh onboarding link for an expired one; null when the user has no account yet. */
export function continuePayoutOnboarding(context: RouterContextReader, userId: string) {
  return continueOnboarding({ db: services(context).db, gateway: services(context).gateway, publicUrl: services(context).config.publicUrl, userId });
}

/** Back from onboarding: the account as the provider reports it now. */
export function refreshPayoutAccountState(context: RouterContextReader, userId: string) {
  return refreshPayoutAccount({ db: services(context).db, gateway: services(context).gateway, userId });
}

/** Whether this organiser's paid tickets can be sold with the configured provider (D23). */
export function canTakePayments(context: RouterContextReader, organiserId: string) {
  return organiserCanTakePayments(services(context).db, services(context).gateway.name, organiserId);
}

/**
 * A paid event held back until its organiser has added their seller details (issue 34) or can be paid
 * (D23): null when it is on sale; otherwise why, and whether the viewer (its organiser, or an admin) is told.
 */
export async function salesOnHold(
  context: RouterContextReader,
  request: Request,
  event: { id: string; pricePence: number; severalPrices: boolean; awaitingSellerDetails: boolean },
): Promise<{ explain: boolean; reason: "seller-details" | "payouts" } | null> {
  if (!sellsPaidTickets(event)) return null;
  const reason = event.awaitingSellerDetails ? "seller-details" : "payouts";
  const [waiting] = reason === "seller-details" ? await eventsAwaitingSellerDetails(services(context).db, [event.id]) : await eventsAwaitingPayouts(services(context).db, services(context).gateway.name, [event.id]);
  if (!waiting) return null;
  const viewer = await getHeaderUser(context, request);
  return { explain: Boolean(viewer && (viewer.isAdmin || viewer.id === waiting.organiserId)), reason };
}

/** Whether this organiser's paid events can be sold as far as their seller details go (issue 34). */
export function sellerDetailsComplete(context: RouterContextReader, organiserId: string) {
  return hasSellerDetails(services(context).db, organiserId);
}

/** Who sells each of these events (issue 34), for the cart: the events whose seller is known, by id. */
export async function sellersOf(context: RouterContextReader, eventIds: string[]) {
  return Object.fromEntries((await eventSellers(services(context).db, eventIds)).flatMap((event) => (event.seller ? [[event.id, event.seller] as const] : [])));
}

/** A buyer's refund request from My Tickets (decision 027): the service of POST /api/me/bookings/:id/refund-request. */
export async function requestBookingRefund(context: RouterContextReader, { user, bookingId, reason }: { user: SessionUser; bookingId: string; reason: string }) {
  const { db, gateway, jobs } = services(context);
  return (await requestRefund({ db, gateway, jobs, actor: { userId: user.id, isAdmin: user.isAdmin }, bookingId, reason })).request;
}

/** A buyer passes one of their tickets on from My Tickets (issue 36): the service and checks of POST /api/me/tickets/:id/transfer. */
export async function passTicketOn(context: RouterContextReader, { user, ticketId, input }: { user: SessionUser; ticketId: string; input: TransferTicketInput }) {
  const { transferTicket } = await import("../../server/features/tickets/ticket-changes.service");
  const { db, jobs } = services(context);
  return transferTicket({ db, jobs, actor: { userId: user.id, isAdmin: user.isAdmin }, ticketId, input });
}

/** The dashboard's sections (issue 35): each child route reads only what it shows. */
const actorOf = (user: SessionUser) => ({ userId: user.id, isAdmin: user.isAdmin });

/** My Events: the organiser's events with their figures. */
export async function listDashboardEvents(context: RouterContextReader, userId: string) {
  const { listOwnEvents } = await import("../../server/features/dashboard/dashboard.service");
  return listOwnEvents({ db: services(context).db, userId });
}

/** Sales Analytics over the organiser's events. */
export async function getDashboardSales(context: RouterContextReader, userId: string) {
  const { salesAnalytics } = await import("../../server/features/dashboard/dashboard.service");
  return salesAnalytics({ db: services(context).db, userId });
}

/** My Bookings: the user's own bookings. */
export async function listDashboardBookings(context: RouterContextReader, userId: string) {
  const { listOwnBookings } = await import("../../server/features/dashboard/dashboard.service");
  return listOwnBookings({ db: services(context).db, userId });
}

/** Whether the layout's seller-details notice applies: details missing and a paid event on sale (issue 34). */
export async function paidEventsWaitingForSellerDetails(context: RouterContextReader, userId: string) {
  const { hasPaidEventOnSale } = await import("../../server/features/dashboard/dashboard.service");
  if (await hasSellerDetails(services(context).db, userId)) return false;
  return hasPaidEventOnSale({ db: services(context).db, userId });
}

/** Attendee Management's choice of events: the organiser's active events, upcoming then past (issue 17). */
export async function listAttendeeEventChoices(context: RouterContextReader, userId: string) {
  const { listOwnEvents, attendeeEventChoices } = await import("../../server/features/dashboard/dashboard.service");
  return attendeeEventChoices(await listOwnEvents({ db: services(context).db, userId }));
}

/** An event's confirmed attendees for its owner or an admin; throws EVENT_NOT_FOUND for anyone else. */
export async function listEventAttendees(context: RouterContextReader, { user, eventId }: { user: SessionUser; eventId: string }) {
  const { listAttendees } = await import("../../server/features/check-in/attendees.service");
  return listAttendees({ db: services(context).db, actor: actorOf(user), eventId });
}

/** The pending refund requests the user answers (admins: every organiser's), oldest first. */
export async function listPendingRefundRequests(context: RouterContextReader, user: SessionUser) {
  const { listRefundRequests } = await import("../../server/features/refunds/refund-requests.service");
  return listRefundRequests({ db: services(context).db, actor: actorOf(user), status: "pending" });
}

/** How the user is e-mailed of refund requests on their events. */
export async function getRefundRequestEmails(context: RouterContextReader, userId: string) {
  const { getNoticeSettings } = await import("../../server/features/refunds/notice-settings.service");
  return (await getNoticeSettings({ db: services(context).db, userId })).refundRequestEmails;
}

/** Payouts: the statements of the events the user manages, their payouts and the fee statements' months. */
export async function getDashboardStatements(context: RouterContextReader, user: SessionUser) {
  const { getStatements } = await import("../../server/features/payouts/statements.service");
  return getStatements({ db: services(context).db, actor: actorOf(user), now: new Date(), paymentProvider: services(context).config.paymentProvider });
}

/** Checks one ticket in by hand (owner or admin, else 404), as POST /api/tickets/:id/check-in (issue 36). */
export async function checkInDashboardTicket(context: RouterContextReader, { user, ticketId }: { user: SessionUser; ticketId: string }) {
  const { checkInAttendeeTicket } = await import("../../server/features/check-in/check-in.service");
  return checkInAttendeeTicket({ db: services(context).db, actor: actorOf(user), ticketId });
}

/** Renames a ticket of the organiser's event (its organiser or an admin, else 404), as PATCH /api/tickets/:id (issue 36). */
export async function renameDashboardTicket(context: RouterContextReader, { user, ticketId, input }: { user: SessionUser; ticketId: string; input: RenameTicketInput }) {
  const { renameTicket } = await import("../../server/features/tickets/ticket-changes.service");
  return renameTicket({ db: services(context).db, actor: actorOf(user), ticketId, input });
}

/** Saves the refund-request e-mail choice, as PUT /api/me/notice-settings. */
export async function saveRefundRequestEmails(context: RouterContextReader, { userId, input }: { userId: string; input: NoticeSettings }) {
  const { saveNoticeSettings } = await import("../../server/features/refunds/notice-settings.service");
  return saveNoticeSettings({ db: services(context).db, userId, input });
}

/** Refunds tickets of a booking (its organiser or an admin, else 404), as POST /api/bookings/:id/refunds. */
export async function refundDashboardBooking(context: RouterContextReader, { user, bookingId, input }: { user: SessionUser; bookingId: string; input: RefundTicketsInput }) {
  const { refundTickets } = await import("../../server/features/refunds/refunds.service");
  const { refundView } = await import("../../server/features/refunds/refunds.routes");
  const { db, gateway, jobs } = services(context);
  return refundView((await refundTickets({ db, gateway, jobs, actor: actorOf(user), bookingId, input })).refund);
}

/** Approves or declines a buyer's refund request (its organiser or an admin), as POST /api/refund-requests/:id/approve|decline. */
export async function answerRefundRequest(
  context: RouterContextReader,
  { user, requestId, answer }: { user: SessionUser; requestId: string; answer: { approve: true } | { approve: false; note?: string } },
) {
  const { approveRefundRequest, declineRefundRequest } = await import("../../server/features/refunds/refund-requests.service");
  const { db, gateway, jobs } = services(context);
  const actor = actorOf(user);
  return answer.approve ? approveRefundRequest({ db, gateway, jobs, actor, requestId }) : declineRefundRequest({ db, gateway, jobs, actor, requestId, note: answer.note });
}

/** verify-payment for /payment-success (spec §4 Payment): confirms a paid checkout (idempotent) and answers its bookings, to its own buyer only. */
export function verifyCheckout(context: RouterContextReader, { userId, sessionId }: { userId: string; sessionId: string }) {
  const { db, jobs, gateway, config } = services(context);
  return verifyPayment({ db, jobs, gateway, company: config.company, userId, sessionId });
}

/** The tickets of a buyer's own bookings (issue 36), each booking's by position: the success page lists them. */
export function ownBookingTickets(context: RouterContextReader, { userId, bookingIds }: { userId: string; bookingIds: string[] }) {
  return readOwnBookingTickets(services(context).db, { userId, bookingIds });
}

/** Deletes an event (its owner or an admin; EVENT_ACCESS_DENIED, EVENT_NOT_FOUND), as DELETE /api/events/:id. */
export async function deleteDashboardEvent(context: RouterContextReader, { user, eventId }: { user: SessionUser; eventId: string }) {
  const { deleteEvent } = await import("../../server/features/events/event-editing.service");
  return deleteEvent({ db: services(context).db, storage: services(context).storage, actor: actorOf(user), eventId });
}

/** Cancels an event, every buyer refunded in full (its organiser or an admin), as POST /api/events/:id/cancel. */
export async function cancelDashboardEvent(context: RouterContextReader, { user, eventId, input }: { user: SessionUser; eventId: string; input: unknown }) {
  const { cancelEvent } = await import("../../server/features/event-changes/event-lifecycle.service");
  return (await cancelEvent({ db: services(context).db, jobs: services(context).jobs, actor: actorOf(user), eventId, input })).event;
}

/** Moves an event to a later date (its organiser or an admin), as POST /api/events/:id/postpone. */
export async function postponeDashboardEvent(context: RouterContextReader, { user, eventId, input }: { user: SessionUser; eventId: string; input: unknown }) {
  const { postponeEvent } = await import("../../server/features/event-changes/event-lifecycle.service");
  return (await postponeEvent({ db: services(context).db, jobs: services(context).jobs, actor: actorOf(user), eventId, input })).event;
}

/**
 * Erases the signed-in account (decision 035), the service and checks of POST /api/me/erase: the typed
 * e-mail, the password unless signed in within the last 10 minutes. Answers the Set-Cookie that makes the
 * browser forget its session, which the server has ended.
 */
export async function eraseOwnAccount(context: RouterContextReader, request: Request, input: EraseAccountInput): Promise<{ clearCookie: string }> {
  const { eraseAccount } = await import("../../server/features/data-rights/erasure");
  const { auth, db, config, storage, session } = services(context);
  const current = await auth.api.getSession({ headers: request.headers });
  if (!current) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  const authContext = await auth.$context;
  await eraseAccount(
    { db, verifyPassword: (hash, password) => authContext.password.verify({ hash, password }), dataDir: config.DATA_DIR, storage, accountChanged: session.accountChanged },
    { userId: current.user.id, signedInAt: new Date(current.session.createdAt), input },
  );
  const cookie = authContext.authCookies.sessionToken;
  return { clearCookie: `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${cookie.attributes.secure ? "; Secure" : ""}` };
}

/** A ticket on the user's events (admins: any) by booking id, ticket code or payment session, as GET /api/tickets/lookup. */
export async function lookupDashboardTicket(context: RouterContextReader, { user, identifier }: { user: SessionUser; identifier: string }) {
  const { findManagedTicket } = await import("../../server/features/tickets/ticket-lookup.service");
  return findManagedTicket({ db: services(context).db, signer: services(context).signer, actor: actorOf(user), identifier });
}

/** Becomes an affiliate (spec §4 Affiliate account): active, 10% commission, a fresh code; refuses a second account. */
export function createOwnAffiliate(context: RouterContextReader, userId: string) {
  return createAffiliateAccount({ db: services(context).db, userId });
}

/** A further affiliate code that replaces the displayed one; links with the old codes keep earning. */
export function generateOwnAffiliateCode(context: RouterContextReader, userId: string) {
  return generateAffiliateCode({ db: services(context).db, userId });
}

/** The check-in scanner's 'Admitted X / Y' for an event the door (organiser, admin, staff or door link: issue 38) may check; null for any other event. */
export async function getCheckInCounts(context: RouterContextReader, { request, eventId }: { request: Request; eventId: string }) {
  const { checkInCounts } = await import("../../server/features/check-in/check-in.service");
  const { readDoor } = await import("../../server/features/door/door-access");
  const door = await readDoor(services(context), request.headers);
  if (!door) return null;
  try {
    return await checkInCounts({ db: services(context).db, door, eventId });
  } catch (error) {
    if (error instanceof AppError && error.code === "EVENT_NOT_FOUND") return null;
    throw error;
  }
}

/** Codes (issue 37): the codes the user manages (an admin: every organiser's), with `eventId` those that apply to it, as GET /api/codes. */
export async function listDashboardCodes(context: RouterContextReader, { user, eventId }: { user: SessionUser; eventId?: string }) {
  const { listCodes } = await import("../../server/features/codes/codes.service");
  return listCodes({ db: services(context).db, actor: actorOf(user), eventId });
}

/** The events the codes screen offers, with their types (hidden ones too), and those of the listed codes. */
export async function listCodeEventChoices(context: RouterContextReader, { user, alsoEventIds }: { user: SessionUser; alsoEventIds: string[] }) {
  const { codeEventChoices } = await import("../../server/features/codes/codes.service");
  return codeEventChoices({ db: services(context).db, userId: user.id, alsoEventIds });
}

/** Creates a code, as POST /api/codes (the same checks and messages). */
export async function createDashboardCode(context: RouterContextReader, { user, input }: { user: SessionUser; input: unknown }) {
  const { createCode } = await import("../../server/features/codes/codes.service");
  return createCode({ db: services(context).db, actor: actorOf(user), input });
}

/** Changes a code, as PATCH /api/codes/{id}. */
export async function updateDashboardCode(context: RouterContextReader, { user, codeId, input }: { user: SessionUser; codeId: string; input: unknown }) {
  const { updateCode } = await import("../../server/features/codes/codes.service");
  return updateCode({ db: services(context).db, actor: actorOf(user), codeId, input });
}

/** Deletes a code never used, as DELETE /api/codes/{id} (409 CODE_USED otherwise). */
export async function deleteDashboardCode(context: RouterContextReader, { user, codeId }: { user: SessionUser; codeId: string }) {
  const { deleteCode } = await import("../../server/features/codes/codes.service");
  return deleteCode({ db: services(context).db, actor: actorOf(user), codeId });
}

/** Generates codes, as POST /api/codes/generate, and their CSV (what `?format=csv` downloads). */
export async function generateDashboardCodes(context: RouterContextReader, { user, input }: { user: SessionUser; input: unknown }) {
  const { generateCodes, codesCsv } = await import("../../server/features/codes/codes.service");
  const codes = await generateCodes({ db: services(context).db, actor: actorOf(user), input });
  return { codes, csv: codesCsv(codes) };
}
