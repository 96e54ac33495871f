// Server-only: the dashboard's Check-in section (issue 38): what its loader reads and its action posts, with
// the same services, checks and messages as the API's routes (check-in-lists.routes.ts): the signed-in
// visitor's actor, then the service, which decides who may do what.
import { data } from "react-router";
import { AppError, SCAN_RESULTS } from "@domain";
import { services, type RouterContextReader } from "~/lib/page-context.server";
import { CHECK_IN_INTENTS, doorAmountOf, doorMinutesOf, listFieldOfRefusal, listFormValues, listInputOf, type CheckInActionResult, type CheckInFilters, type CheckInSection } from "./lib/check-in-form";

const lists = () => import("../../../server/features/door/check-in-lists.service");
const log = () => import("../../../server/features/door/scan-log.service");
const figures = () => import("../../../server/features/door/door-figures.service");

async function actorOf(context: RouterContextReader, request: Request) {
  const actor = await services(context).session.actor(request.headers);
  if (!actor) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return actor;
}

/** The address's filters, each kept only when it is one the log knows the shape of. */
export function filtersOf(url: URL): CheckInFilters {
  const result = url.searchParams.get("result") ?? "";
  const who = (url.searchParams.get("who") ?? "").slice(0, 200);
  const list = (url.searchParams.get("list") ?? "").slice(0, 100);
  return { result: (SCAN_RESULTS as readonly string[]).includes(result) ? result : "", who, list: /^[0-9a-f-]{36}$/i.test(list) ? list : "" };
}

/** The chosen event's lists, door time, figures and a page of its log; null when the visitor does not manage it (the API's 404). */
export async function checkInSection(context: RouterContextReader, request: Request, eventId: string, url: URL): Promise<CheckInSection | null> {
  const actor = await actorOf(context, request);
  const { db } = services(context);
  const filters = filtersOf(url);
  const cursor = url.searchParams.get("cursor")?.slice(0, 200) || undefined;
  try {
    const [listsView, door, figuresView] = await Promise.all([
      (await lists()).listCheckInLists({ db, actor, eventId }),
      (await lists()).getDoorSettings({ db, actor, eventId }),
      (await figures()).managedDoorFigures({ db, actor, eventId }),
    ]);
    const query = { ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)), ...(cursor ? { cursor } : {}) };
    let read;
    try {
      read = await (await log()).readScanLog({ db, actor, eventId, query });
    } catch (error) {
      // A filter or cursor from an old address that no longer reads: the whole log instead.
      if (!(error instanceof AppError) || error.status !== 400) throw error;
      read = await (await log()).readScanLog({ db, actor, eventId, query: {} });
    }
    if (!("page" in read)) throw new Error("the scan log answered a file to a page");
    return { lists: listsView, door: { ...door, ...doorAmountOf(door.doorOpensMinutesBefore) }, figures: figuresView, log: read.page, filters, later: Boolean(cursor) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** The section's posts: the door's opening time, a list added, changed or deleted. */
export async function checkInAction(context: RouterContextReader, request: Request) {
  const form = await request.formData();
  const intent = CHECK_IN_INTENTS.find((known) => known === form.get("intent"));
  if (!intent) throw data(null, { status: 400 });
  const actor = await actorOf(context, request);
  const { db } = services(context);
  const eventId = String(form.get("eventId") ?? "").trim().slice(0, 100);
  const listId = String(form.get("listId") ?? "").trim().slice(0, 100) || null;
  const nonce = Date.now();
  const values = intent === "create-list" || intent === "update-list" ? listFormValues(form) : undefined;
  const answer = (result: Omit<CheckInActionResult, "intent" | "listId" | "nonce">, status = 200) => data<CheckInActionResult>({ intent, listId, nonce, values, ...result }, { status });
  try {
    const service = await lists();
    switch (intent) {
      case "door": {
        const minutes = doorMinutesOf(String(form.get("amount") ?? "").slice(0, 20), String(form.get("unit") ?? ""));
        if ("error" in minutes) return answer({ errors: { doorOpens: minutes.error } }, 400);
        await service.updateDoorSettings({ db, actor, eventId, input: { doorOpensMinutesBefore: minutes.minutes } });
        return answer({ done: "Door opening time saved." });
      }
      case "create-list":
      case "update-list": {
        const isDefault = form.get("isDefault") === "true";
        const { input, errors } = listInputOf(values!, { isDefault });
        if (Object.keys(errors).length) return answer({ errors }, 400);
        const saved =
          intent === "create-list" ? await service.createCheckInList({ db, actor, eventId, input }) : await service.updateCheckInList({ db, actor, listId: listId ?? "", input });
        return answer({ done: intent === "create-list" ? `Check-in list ${saved.name} added.` : `Check-in list ${saved.name} saved.`, values: undefined });
      }
      case "delete-list": {
        const name = String(form.get("name") ?? "").slice(0, 60);
        await service.deleteCheckInList({ db, actor, listId: listId ?? "" });
        return answer({ done: `Check-in list ${name} deleted.` });
      }
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const named = listFieldOfRefusal(error.message, (error.details as { field?: unknown } | undefined)?.field);
    if (named && values) return answer({ errors: { [named.field]: named.message } }, error.status);
    return answer({ message: error.message }, error.status);
  }
}
