import type { EditableEvent } from "@domain";
import { requireUser } from "~/lib/require-user.server";
import { canTakePayments, getEditableEvent, listOrganisers, sellerDetailsComplete } from "~/lib/services.server";
import { eventLoadErrorOf, isExpectedLoadFailure, type EventLoadError } from "./lib/load-error";
import type { Organiser } from "./lib/organiser-options";
import type { RouterContextReader } from "~/lib/page-context.server";

export type EventFormData =
  | { loadError: EventLoadError }
  | {
      loadError: null;
      actor: { id: string; isAdmin: boolean };
      /** The event being edited; null when creating. */
      event: EditableEvent | null;
      /** Admins only: everyone they may create or edit an event for; null when not an admin or when loading failed. */
      organisers: Organiser[] | null;
      organisersFailed: boolean;
      /** With Stripe, the organiser cannot be paid yet: a paid event is published but not on sale (D23). */
      payoutsPending: boolean;
      /** The organiser has not completed their seller details: a paid event is published but not on sale (issue 34). */
      sellerDetailsPending: boolean;
    };

async function loadOrganisers(context: RouterContextReader): Promise<Organiser[] | null> {
  try {
    return await listOrganisers(context);
  } catch (error) {
    console.error("Could not load the organiser list", error);
    return null;
  }
}

/**
 * What /create-event needs: the signed-in user (anyone else goes to /auth and comes back), the event
 * named by ?edit= (owners and admins only, decisions.md D10) and, for admins, the organiser list.
 */
export async function loadEventForm(context: RouterContextReader, request: Request, url: URL): Promise<EventFormData> {
  const user = await requireUser(context, request, url);
  const editId = url.searchParams.get("edit")?.trim() || null;
  const [event, organisers] = await Promise.all([
    editId ? getEditableEvent(context, { eventId: editId, user }).catch((error: unknown) => ({ failure: error })) : null,
    user.isAdmin ? loadOrganisers(context) : null,
  ]);
  if (event && "failure" in event) {
    if (!isExpectedLoadFailure(event.failure)) console.error("Could not load the event for editing", event.failure);
    return { loadError: eventLoadErrorOf(event.failure) };
  }
  return {
    loadError: null,
    actor: { id: user.id, isAdmin: user.isAdmin },
    event,
    organisers,
    organisersFailed: user.isAdmin && organisers === null,
    payoutsPending: !(await canTakePayments(context, event?.userId ?? user.id)),
    sellerDetailsPending: !(await sellerDetailsComplete(context, event?.userId ?? user.id)),
  };
}
