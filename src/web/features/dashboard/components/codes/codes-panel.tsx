import { TicketPercent } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { CodeSummary } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Select } from "~/components/ui/select";
import { CODE_STATE_LABELS, usesText, validityText, valuesOfCode, type CodeFormValues } from "../../lib/code-form";
import type { CodesActionResult } from "../../lib/codes-action-result";
import { EmptyState } from "../empty-state";
import { PanelHeader } from "../panel-header";
import { CodeFields } from "./code-fields";

export type CodeEventChoice = { id: string; title: string; dateTime: string; ticketTypes: { id: string; name: string; hidden: boolean }[] };

const STATE_BADGES: Record<CodeSummary["state"], "success" | "warning" | "danger" | "outline"> = {
  ok: "success",
  "not-yet": "warning",
  expired: "outline",
  "used-up": "danger",
  inactive: "outline",
};

function CodeRow({ code, events, result, filter }: { code: CodeSummary; events: readonly CodeEventChoice[]; result: CodesActionResult | null; filter: string }) {
  const event = code.eventId ? events.find((one) => one.id === code.eventId) : null;
  const types = code.ticketTypeIds.length
    ? code.ticketTypeIds.map((id) => event?.ticketTypes.find((type) => type.id === id)?.name ?? "A removed type").join(", ")
    : "Every shown type";
  const refusal = result?.id === code.id && result.message ? result.message : null;
  const editTo = `?${new URLSearchParams({ ...(filter ? { event: filter } : {}), edit: code.id })}`;
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-mono text-lg font-bold tracking-wide">{code.code}</h3>
          <Badge variant={STATE_BADGES[code.state]}>{CODE_STATE_LABELS[code.state]}</Badge>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {(
            [
              ["Event", code.eventId ? (event?.title ?? "An event") : "All my events"],
              ["Effect", code.effectText],
              ["Types", types],
              ["Valid", validityText(code)],
              ["Uses", usesText(code)],
              ["Per buyer", code.maxPerBuyer === null ? "No limit" : `At most ${code.maxPerBuyer}`],
              ...(code.reservedPlaces === null ? [] : ([["Places kept back", `${code.reservedPlaces} (${code.reservedUnused} not yet used)`]] as const)),
            ] as const
          ).map(([term, detail]) => (
            <div key={term}>
              <dt className="text-muted">{term}</dt>
              <dd className="font-medium">{detail}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={editTo} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={`Edit ${code.code}`}>
            Edit
          </Link>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={code.id} />
            <Button type="submit" name="intent" value={code.active ? "deactivate" : "activate"} variant="outline" size="sm" aria-label={`${code.active ? "Deactivate" : "Reactivate"} ${code.code}`}>
              {code.active ? "Deactivate" : "Reactivate"}
            </Button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={code.id} />
            <input type="hidden" name="code" value={code.code} />
            <Button type="submit" name="intent" value="delete" variant="dangerGhost" size="sm" aria-label={`Delete ${code.code}`}>
              Delete
            </Button>
          </Form>
        </div>
        {refusal && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {refusal}
          </p>
        )}
      </Card>
    </li>
  );
}

/** A form's values: as typed when the answer refused them, else as the code being changed, else empty (a new code for the chosen event). */
function startValues(result: CodesActionResult | null, intents: readonly CodesActionResult["intent"][], fallback: CodeFormValues): CodeFormValues {
  return result && intents.includes(result.intent) && result.values && (result.errors || result.message) ? result.values : fallback;
}

/**
 * Codes (issue 37): the organiser's discount and access codes with their uses and state, one event's or
 * all; a new code or one being changed; codes generated in bulk with their CSV. Every change is a form post
 * to the route's action, so it works before the scripts load.
 */
export function CodesPanel({
  codes,
  events,
  eventId,
  editing,
  result,
}: {
  codes: CodeSummary[];
  events: CodeEventChoice[];
  eventId: string | null;
  editing: CodeSummary | null;
  result: CodesActionResult | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const filter = eventId ?? "";
  const editorIntents = editing ? (["update"] as const) : (["create"] as const);
  const editorValues = startValues(result, editorIntents, editing ? valuesOfCode(editing) : { eventId: filter, effect: "percent" });
  const editorErrors = result && editorIntents.some((one) => one === result.intent) ? (result.errors ?? {}) : {};
  const generateValues = startValues(result, ["generate"], { eventId: filter, effect: "percent" });
  const generateErrors = result?.intent === "generate" ? (result.errors ?? {}) : {};
  const formMessage = (intents: readonly string[]) => (result && intents.includes(result.intent) && result.message && !result.id ? result.message : null);
  const doneTo = filter ? `?event=${filter}` : ".";

  return (
    <section aria-labelledby="codes-heading" className="flex flex-col gap-5">
      <PanelHeader id="codes-heading" title="Codes">
        Discounts for a mailing list, free tickets for guests, and hidden types unlocked by a code. Uses are counted per ticket.
      </PanelHeader>
      {result?.done && (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900">
          {result.done}
        </p>
      )}

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor="codes-filter" className="text-sm font-semibold text-ink">
            Show codes for
          </label>
          <Select id="codes-filter" name="event" defaultValue={filter}>
            <option value="">All my events</option>
            {events.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>

      {codes.length === 0 ? (
        <EmptyState icon={TicketPercent} title="No codes yet">
          {eventId ? "No code applies to this event yet." : "Create a code below, or generate many at once."}
        </EmptyState>
      ) : (
        <ul aria-label="Your codes" className="flex flex-col gap-3">
          {codes.map((code) => (
            <CodeRow key={code.id} code={code} events={events} result={result} filter={filter} />
          ))}
        </ul>
      )}

      <Card className="p-5">
        <h3 id="code-editor-heading" className="text-lg font-bold">
          {editing ? `Edit code ${editing.code}` : "New code"}
        </h3>
        <Form key={`editor-${editing?.id ?? "new"}-${result?.nonce ?? 0}`} method="post" preventScrollReset aria-labelledby="code-editor-heading" className="mt-4 flex flex-col gap-4" noValidate>
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <CodeFields idPrefix="code" events={events} values={editorValues} errors={editorErrors} generate={false} />
          {formMessage(editorIntents) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formMessage(editorIntents)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value={editing ? "update" : "create"} disabled={busy === "create" || busy === "update"}>
              {editing ? "Save code" : "Create code"}
            </Button>
            {editing && (
              <Link to={doneTo} className={buttonVariants({ variant: "outline" })}>
                Done editing
              </Link>
            )}
          </div>
        </Form>
      </Card>

      <Card className="p-5">
        <h3 id="generate-heading" className="text-lg font-bold">
          Generate codes
        </h3>
        <p className="mt-1 text-sm text-muted">Many random codes at once, e.g. one each for a mailing list, with a CSV to download.</p>
        <Form key={`generate-${result?.nonce ?? 0}`} method="post" preventScrollReset aria-labelledby="generate-heading" className="mt-4 flex flex-col gap-4" noValidate>
          <CodeFields idPrefix="generate" events={events} values={generateValues} errors={generateErrors} generate />
          {formMessage(["generate"]) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {formMessage(["generate"])}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="generate" disabled={busy === "generate"}>
              Generate codes
            </Button>
            {result?.generated && (
              <a
                href={`data:text/csv;charset=utf-8,${encodeURIComponent(result.generated.csv)}`}
                download="codes.csv"
                className={buttonVariants({ variant: "secondary" })}
              >
                Download the {result.generated.count} codes (CSV)
              </a>
            )}
          </div>
        </Form>
      </Card>
    </section>
  );
}
