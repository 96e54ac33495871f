// Server-only: the waiting list's services (issue 37, decision 043) for the pages' loaders and actions, with
// the same checks as the API routes that call them (GET/DELETE /api/me/waiting-list, POST/GET/PATCH
// /api/events/{id}/waiting-list, POST …/{entryId}/offer): the signed-in visitor, then the service, which decides
// who may do what.
import { AppError } from "@domain";
import type { RouterContextReader } from "~/lib/page-context.server";
import { services } from "~/lib/page-context.server";
import type { MyWaitingEntry } from "./waiting-list-shapes";

/** A refusal in the API's own terms: status, `details.reason` and message. */
export interface WaitingListRefusal {
  status: number;
  reason: string | undefined;
  message: string;
}

export class WaitingListApiError extends Error {
  readonly refusal: WaitingListRefusal;
  constructor(refusal: WaitingListRefusal) {
    super(refusal.message);
    this.name = "WaitingListApiError";
    this.refusal = refusal;
  }
}

/** The signed-in visitor as the routes' `session.requireActor` has them (401 otherwise), and the service's answer or refusal. */
async function asVisitor<Result>(context: RouterContextReader, request: Request, call: (actor: { userId: string; isAdmin: boolean }) => Promise<Result>): Promise<Result> {
  const actor = await services(context).session.actor(request.headers);
  if (!actor) throw new WaitingListApiError({ status: 401, reason: undefined, message: "Please sign in to continue." });
  try {
    return await call(actor);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    throw new WaitingListApiError({ status: error.status, reason: typeof reason === "string" ? reason : undefined, message: error.message });
  }
}

const service = () => import("../../../server/features/waiting-list/waiting-list.service");

/** Join for a type, or any type (null): POST /api/events/{id}/waiting-list. */
export function joinWaitingList(context: RouterContextReader, request: Request, eventId: string, ticketTypeId: string | null) {
  const { db, jobs } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).joinWaitingList({ db, jobs, userId: actor.userId, eventId, input: { ticketTypeId } }));
}

/** The signed-in buyer's entries, newest event first: GET /api/me/waiting-list. */
export function listMyWaitingList(context: RouterContextReader, request: Request): Promise<MyWaitingEntry[]> {
  const { db } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).myWaitingList({ db, userId: actor.userId }));
}

/** The buyer leaves (an open offer of theirs passes on): DELETE /api/me/waiting-list/{entryId}. */
export function leaveWaitingList(context: RouterContextReader, request: Request, entryId: string) {
  const { db, jobs } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).leaveWaitingList({ db, jobs, userId: actor.userId, entryId }));
}

/** The organiser's view (404 for anyone who does not manage the event): GET /api/events/{id}/waiting-list. */
export function getEventWaitingList(context: RouterContextReader, request: Request, eventId: string) {
  const { db } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).organiserWaitingList({ db, actor, eventId }));
}

/** On or off, and how long an offer holds a place: PATCH /api/events/{id}/waiting-list. */
export function updateEventWaitingList(context: RouterContextReader, request: Request, eventId: string, change: { enabled?: boolean; offerHours?: number }) {
  const { db, jobs } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).updateWaitingListSettings({ db, jobs, actor, eventId, input: change }));
}

/** An offer now, out of turn: POST /api/events/{id}/waiting-list/{entryId}/offer. */
export function sendWaitingOffer(context: RouterContextReader, request: Request, eventId: string, entryId: string) {
  const { db, jobs } = services(context);
  return asVisitor(context, request, async (actor) => (await service()).sendOfferByHand({ db, jobs, actor, eventId, entryId }));
}
