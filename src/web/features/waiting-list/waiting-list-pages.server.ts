// Server-only: the waiting list's pages (issue 37, D25): what their loaders read and their actions post, for the signed-in visitor.
import { data, redirect } from "react-router";
import { getHeaderUser } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { paths } from "~/paths";
import type { OrganiserWaitingListResult } from "./organiser-waiting-list";
import { getEventWaitingList, joinWaitingList, leaveWaitingList, listMyWaitingList, sendWaitingOffer, updateEventWaitingList, WaitingListApiError } from "./waiting-list-api.server";
import {
  JOIN_INTENT,
  LEAVE_INTENT,
  OFFER_HOURS_MAX,
  OFFER_HOURS_MIN,
  OFFER_INTENT,
  SETTINGS_INTENT,
  waitingListRefusalText,
  type EventWaitingListView,
} from "./waiting-list-shapes";


/**
 * Read only for a signed-in visitor, whose page is never cached (a better-auth cookie makes it personal:
 * src/server/lib/page-cache/public-requests.ts); a signed-out visitor's page holds nothing of anyone's.
 */
export async function eventWaitingList(context: RouterContextReader, request: Request, eventId: string, offerToken: string | null): Promise<EventWaitingListView> {
  const user = await getHeaderUser(context, request);
  if (!user) return { signedIn: false, joined: [], offer: null, offerGone: false };
  const joined = (await listMyWaitingList(context, request)).filter((entry) => entry.eventId === eventId && (entry.status === "waiting" || entry.status === "offered"));
  const held = offerToken ? joined.find((entry) => entry.offer?.token === offerToken) : undefined;
  const offer = held?.offer ? { token: held.offer.token, expiresAt: held.offer.expiresAt, ticketTypeId: held.ticketTypeId } : null;
  return { signedIn: true, joined, offer, offerGone: offerToken !== null && offer === null };
}

/** The event page's post: join the waiting list (POST /api/events/{id}/waiting-list); signed out, sign in and come back. */
export async function eventWaitingListAction(context: RouterContextReader, request: Request, eventId: string, url: URL) {
  const page = paths.event(eventId);
  const signIn = () => redirect(`${paths.auth}?redirect=${encodeURIComponent(page).replace(/%2F/gi, "/")}`);
  const form = await request.formData();
  if (form.get("intent") !== JOIN_INTENT) return data({ error: "Nothing to do: the form was not recognised." }, { status: 400 });
  if (!(await getHeaderUser(context, request))) return signIn();
  const chosen = String(form.get("ticketTypeId") ?? "").trim().slice(0, 100);
  try {
    await joinWaitingList(context, request, eventId, chosen || null);
  } catch (error) {
    if (!(error instanceof WaitingListApiError)) throw error;
    if (error.refusal.status === 401) return signIn();
    return data({ error: waitingListRefusalText(error.refusal.reason, error.refusal.message) }, { status: error.refusal.status });
  }
  // Back to the page (not a page drawn for the post), which now reads the entry.
  return redirect(url.pathname + url.search);
}

/** My Tickets' post to leave a waiting list (DELETE /api/me/waiting-list/{entryId}); null when the post is something else. */
export async function leaveWaitingListAction(context: RouterContextReader, request: Request) {
  const form = await request.clone().formData();
  if (form.get("intent") !== LEAVE_INTENT) return null;
  const entryId = String(form.get("entryId") ?? "").trim().slice(0, 100);
  try {
    await leaveWaitingList(context, request, entryId);
  } catch (error) {
    if (!(error instanceof WaitingListApiError)) throw error;
    return data({ intent: LEAVE_INTENT, error: waitingListRefusalText(error.refusal.reason, error.refusal.message) }, { status: error.refusal.status });
  }
  return { intent: LEAVE_INTENT, error: null };
}

/** The dashboard's waiting list for one event: null when the visitor does not manage it (the API's 404). */
export async function organiserWaitingList(context: RouterContextReader, request: Request, eventId: string) {
  try {
    return await getEventWaitingList(context, request, eventId);
  } catch (error) {
    if (error instanceof WaitingListApiError && error.refusal.status === 404) return null;
    throw error;
  }
}

/** The dashboard's posts: the list's settings (PATCH), or an offer sent by hand (POST …/offer). */
export async function organiserWaitingListAction(context: RouterContextReader, request: Request) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const eventId = String(form.get("eventId") ?? "").trim().slice(0, 100);
  const refused = (status: number, error: string) => data<OrganiserWaitingListResult>({ intent, error, done: null }, { status });
  try {
    if (intent === SETTINGS_INTENT) {
      const offerHours = Number(form.get("offerHours"));
      if (!Number.isInteger(offerHours) || offerHours < OFFER_HOURS_MIN || offerHours > OFFER_HOURS_MAX) {
        return refused(400, `Offer hours must be a whole number from ${OFFER_HOURS_MIN} to ${OFFER_HOURS_MAX}.`);
      }
      const enabled = form.get("enabled") === "on";
      await updateEventWaitingList(context, request, eventId, { enabled, offerHours });
      return data<OrganiserWaitingListResult>({ intent, error: null, done: `Saved: the waiting list is ${enabled ? "on" : "off"}, and each offer holds a place for ${offerHours} ${offerHours === 1 ? "hour" : "hours"}.` });
    }
    if (intent === OFFER_INTENT) {
      await sendWaitingOffer(context, request, eventId, String(form.get("entryId") ?? "").trim().slice(0, 100));
      return data<OrganiserWaitingListResult>({ intent, error: null, done: "Offer sent: they have been e-mailed a link to buy the place." });
    }
    return refused(400, "Nothing to do: the form was not recognised.");
  } catch (error) {
    if (!(error instanceof WaitingListApiError)) throw error;
    return refused(error.refusal.status, waitingListRefusalText(error.refusal.reason, error.refusal.message));
  }
}
