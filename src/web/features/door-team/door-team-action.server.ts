import { data } from "react-router";
import { AppError, type SessionUser } from "@domain";
import { createDashboardDoorLink, inviteDoorStaff, revokeDashboardDoorAccess } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { fieldOfRefusal, type DoorTeamActionResult, type DoorTeamIntent } from "./lib/door-team-action-result";

const INTENTS: readonly DoorTeamIntent[] = ["invite", "link", "revoke"];
const text = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 300);

/**
 * The door team's posts (issue 38, D26), each with the service, checks and messages of its JSON route
 * (door.routes.ts): a staff member invited, a door link made (its address answered this once), an access
 * revoked. A refusal naming a field comes back beside it with what was typed (never the PIN).
 */
export async function doorTeamAction(context: RouterContextReader, user: SessionUser, form: FormData) {
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) throw data(null, { status: 400 });
  const nonce = Date.now();
  const values = { email: text(form, "email"), name: text(form, "name"), eventIds: form.getAll("eventIds").map(String).slice(0, 200) };
  try {
    switch (intent) {
      case "invite": {
        const staff = await inviteDoorStaff(context, { user, input: { email: values.email, name: values.name, eventIds: values.eventIds } });
        return data<DoorTeamActionResult>({ intent, nonce, done: `Invitation sent to ${staff.email}.` });
      }
      case "link": {
        const made = await createDashboardDoorLink(context, { user, input: { name: values.name, eventIds: values.eventIds, pin: text(form, "pin") } });
        return data<DoorTeamActionResult>({ intent, nonce, done: `Door link ${made.access.label} created.`, link: { label: made.access.label, url: made.url } }, { headers: { "Cache-Control": "no-store" } });
      }
      case "revoke": {
        const revoked = await revokeDashboardDoorAccess(context, { user, id: text(form, "id").slice(0, 100) });
        return data<DoorTeamActionResult>({ intent, nonce, done: `${revoked.label} can no longer check tickets in.` });
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const named = fieldOfRefusal(error.message);
    return data<DoorTeamActionResult>({ intent, nonce, values, ...(named ? { errors: { [named.field]: named.message } } : { message: error.message }) }, { status: error.status });
  }
}
