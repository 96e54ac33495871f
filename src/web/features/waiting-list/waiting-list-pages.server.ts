// Server-only: the event page's waiting list (issue 37, D25), read and joined for the signed-in visitor.
import { data, redirect } from "react-router";
import { getHeaderUser } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { paths } from "~/paths";
import { joinWaitingList, leaveWaitingList, listMyWaitingList, WaitingListApiError } from "./waiting-list-api.server";
import { JOIN_INTENT, LEAVE_INTENT, waitingListRefusalText, type EventWaitingListView } from "./waiting-list-shapes";


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
