// Server-only: route loaders call the server's services directly (never bundled for the browser).
import type { ContactMessageInput, EditableEvent, MailboxMessage, OwnProfile, SessionUser, TicketEmailProvider } from "@domain";
import { isDatabaseUnavailable } from "../../server/db/client";
import { getOwnAffiliate as readOwnAffiliate } from "../../server/features/affiliates/affiliates.service";
import { getTestCheckout as readTestCheckout } from "../../server/features/checkout/checkout.service";
import { listMyTickets as readMyTickets } from "../../server/features/tickets/my-tickets.service";
import { getDashboard as readDashboard } from "../../server/features/dashboard/dashboard.service";
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

export function getDashboard(context: RouterContextReader, userId: string) {
  return readDashboard({ db: services(context).db, userId });
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
  return submitContactMessage({ db: services(context).db, email: services(context).email, supportEmail: services(context).config.SUPPORT_EMAIL, input, clientIp: services(context).clientIp });
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
  event: { id: string; pricePence: number; awaitingSellerDetails: boolean },
): Promise<{ explain: boolean; reason: "seller-details" | "payouts" } | null> {
  if (event.pricePence <= 0) return null;
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
