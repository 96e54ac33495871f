// Server-only: the pages' loaders and actions call the waiting list's API for the signed-in visitor.
import type { RouterContextReader } from "~/lib/page-context.server";
import { services } from "~/lib/page-context.server";
import type { MyWaitingEntry, OrganiserWaitingList } from "./waiting-list-shapes";

/** A refusal from the API, in its own words: status, `details.reason` and message. */
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

/**
 * The waiting list's pages call its HTTP API (decision 043, "The pages") rather than its service: the API
 * is the one contract the pages and the server were built against, and it enforces who may do what. The
 * call goes to this same process over loopback with the visitor's cookie and the site's own Origin (the
 * API's same-origin check), so it acts exactly as the visitor's browser would.
 */
async function callApi<Result>(
  context: RouterContextReader,
  request: Request,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: `/api/${string}`,
  json?: unknown,
): Promise<Result> {
  const { config } = services(context);
  const host = !config.HOST || config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  const headers: Record<string, string> = { accept: "application/json", origin: new URL(config.publicUrl).origin };
  const cookie = request.headers.get("cookie");
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`http://${host}:${config.PORT}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as Result;
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; details?: { reason?: unknown } } } | null;
  const reason = body?.error?.details?.reason;
  const message = typeof body?.error?.message === "string" ? body.error.message : `The request failed (HTTP ${response.status}).`;
  throw new WaitingListApiError({ status: response.status, reason: typeof reason === "string" ? reason : undefined, message });
}

const id = (value: string) => encodeURIComponent(value);

/** POST /api/events/{id}/waiting-list: join for a type, or any type (null). */
export function joinWaitingList(context: RouterContextReader, request: Request, eventId: string, ticketTypeId: string | null) {
  return callApi<{ entry: MyWaitingEntry }>(context, request, "POST", `/api/events/${id(eventId)}/waiting-list`, { ticketTypeId });
}

/** GET /api/me/waiting-list: the signed-in buyer's entries, newest event first. */
export async function listMyWaitingList(context: RouterContextReader, request: Request): Promise<MyWaitingEntry[]> {
  return (await callApi<{ entries: MyWaitingEntry[] }>(context, request, "GET", "/api/me/waiting-list")).entries;
}

/** DELETE /api/me/waiting-list/{entryId}: the buyer leaves (an open offer of theirs passes on). */
export function leaveWaitingList(context: RouterContextReader, request: Request, entryId: string) {
  return callApi<void>(context, request, "DELETE", `/api/me/waiting-list/${id(entryId)}`);
}

/** GET /api/events/{id}/waiting-list: the organiser's view (404 for anyone who does not manage the event). */
export function getEventWaitingList(context: RouterContextReader, request: Request, eventId: string) {
  return callApi<OrganiserWaitingList>(context, request, "GET", `/api/events/${id(eventId)}/waiting-list`);
}

/** PATCH /api/events/{id}/waiting-list: on or off, and how long an offer holds a place. */
export function updateEventWaitingList(context: RouterContextReader, request: Request, eventId: string, change: { enabled?: boolean; offerHours?: number }) {
  return callApi<unknown>(context, request, "PATCH", `/api/events/${id(eventId)}/waiting-list`, change);
}

/** POST /api/events/{id}/waiting-list/{entryId}/offer: an offer now, out of turn. */
export function sendWaitingOffer(context: RouterContextReader, request: Request, eventId: string, entryId: string) {
  return callApi<unknown>(context, request, "POST", `/api/events/${id(eventId)}/waiting-list/${id(entryId)}/offer`);
}
