import { data } from "react-router";
import { AppError, type SessionUser } from "@domain";
import { cancelDashboardEvent, deleteDashboardEvent, postponeDashboardEvent } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import type { MyEventsActionResult, MyEventsIntent } from "./lib/my-events-action-result";

const INTENTS: readonly MyEventsIntent[] = ["delete", "cancel", "postpone"];

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * My Events' posts: delete, cancel or postpone an event, each with the service and the ownership checks
 * of its JSON API route (event-editing.routes.ts, event-lifecycle.routes.ts), which also validate the input.
 */
export async function myEventsAction(context: RouterContextReader, user: SessionUser, form: FormData) {
  const intent = INTENTS.find((known) => known === form.get("intent"));
  if (!intent) throw data(null, { status: 400 });
  const eventId = (text(form, "eventId") ?? "").trim().slice(0, 100);
  try {
    if (intent === "delete") await deleteDashboardEvent(context, { user, eventId });
    else if (intent === "cancel") await cancelDashboardEvent(context, { user, eventId, input: { reason: text(form, "reason") } });
    else {
      const endTime = text(form, "endTime");
      await postponeDashboardEvent(context, { user, eventId, input: { dateTime: text(form, "dateTime"), ...(endTime ? { endTime } : {}) } });
    }
    return data<MyEventsActionResult>({ intent, eventId, done: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<MyEventsActionResult>({ intent, eventId, refused: { status: error.status, message: error.message } }, { status: error.status });
  }
}
