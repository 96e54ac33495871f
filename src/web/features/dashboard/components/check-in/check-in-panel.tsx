import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { doorDateTime, doorOpensText, isoToLondonInput, SCAN_RESULT_LABELS, SCAN_RESULTS, scanTimeText, type CheckInListView, type ScanLogPage, type ScanLogRow } from "@domain";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { apiRequest } from "~/lib/api-request";
import { LIST_FIELDS, type CheckInActionResult, type CheckInSection, type ListField, type ListFormValues } from "../../lib/check-in-form";

/** A cell: a table's from tablets up; on phones each row is a card of labelled lines (the label from data-label). */
const CELL = "px-3 py-2 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-0.5 max-md:before:w-32 max-md:before:shrink-0 max-md:before:font-normal max-md:before:text-muted max-md:before:content-[attr(data-label)]";
const CARD = "flex flex-col gap-4 rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5";
const ERROR = "text-sm font-semibold text-red-700";

function typesText(list: CheckInListView, types: CheckInSection["lists"]["ticketTypes"]): string {
  if (list.ticketTypeIds === null) return "Every ticket type";
  return list.ticketTypeIds.map((id) => types.find((type) => type.id === id)?.name ?? "A deleted type").join(", ");
}

function windowText(list: Pick<CheckInListView, "opensAt" | "closesAt">): string {
  if (!list.opensAt && !list.closesAt) return "The door window";
  if (list.opensAt && list.closesAt) return `${doorDateTime(list.opensAt)} to ${doorDateTime(list.closesAt)}`;
  return list.opensAt ? `From ${doorDateTime(list.opensAt)}` : `Until ${doorDateTime(list.closesAt!)}`;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className={ERROR}>
      {error}
    </p>
  ) : null;
}

/** Add or edit a list: its name, types (not the default list's: every type), window in UK time and entry rules. */
function ListForm({ eventId, types, list, result, prefix, label }: { eventId: string; types: CheckInSection["lists"]["ticketTypes"]; list: CheckInListView | null; result: CheckInActionResult | null; prefix: string; label: string }) {
  const busy = useNavigation().state === "submitting";
  const intent = list ? "update-list" : "create-list";
  const mine = result && result.intent === intent && (list ? result.listId === list.id : true) ? result : null;
  const errors = mine?.errors ?? {};
  const typed: ListFormValues | undefined = mine?.values;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, focus goes to the first field with an error.
  useEffect(() => {
    const first = LIST_FIELDS.find((field) => errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [mine?.nonce]); // eslint-disable-line react-hooks/exhaustive-deps
  const id = (field: ListField) => `${prefix}-${field}`;
  const described = (field: ListField) => (errors[field] ? { "aria-invalid": true as const, "aria-describedby": `${id(field)}-error` } : {});
  const chosen = typed?.ticketTypeIds ?? list?.ticketTypeIds ?? [];
  // A refused form keeps what was typed; a saved one starts again from the list (the nonce changes the key).
  const key = `${mine?.nonce ?? "first"}-${list?.id ?? "new"}`;
  return (
    <Form method="post" ref={formRef} key={key} aria-label={label} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="eventId" value={eventId} />
      {list && <input type="hidden" name="listId" value={list.id} />}
      {list?.isDefault && <input type="hidden" name="isDefault" value="true" />}
      <div className="flex flex-col gap-1.5 sm:max-w-md">
        <Label htmlFor={id("name")}>Name</Label>
        <Input id={id("name")} name="name" data-field="name" required maxLength={60} defaultValue={typed?.name ?? list?.name ?? ""} autoComplete="off" {...described("name")} />
        <FieldError id={`${id("name")}-error`} error={errors.name} />
      </div>
      {list?.isDefault ? (
        <p className="text-sm text-muted">The default list admits every ticket type.</p>
      ) : (
        <fieldset className="flex flex-col gap-2" data-field="ticketTypeIds" tabIndex={-1} {...(errors.ticketTypeIds ? { "aria-describedby": `${id("ticketTypeIds")}-error` } : {})}>
          <legend className="text-sm font-semibold">Ticket types</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {types.map((type) => (
              <label key={type.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="ticketTypeIds" value={type.id} defaultChecked={chosen.includes(type.id)} className="size-4 accent-brand-600" />
                {type.name}
              </label>
            ))}
          </div>
          <FieldError id={`${id("ticketTypeIds")}-error`} error={errors.ticketTypeIds} />
        </fieldset>
      )}
      <div className={list ? "grid gap-4" : "grid gap-4 sm:grid-cols-2 sm:max-w-2xl"}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("opensAt")}>Opens (UK time, optional)</Label>
          <Input id={id("opensAt")} name="opensAt" data-field="opensAt" type="datetime-local" defaultValue={typed?.opensAt ?? isoToLondonInput(list?.opensAt)} {...described("opensAt")} />
          <FieldError id={`${id("opensAt")}-error`} error={errors.opensAt} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={id("closesAt")}>Closes (UK time, optional)</Label>
          <Input id={id("closesAt")} name="closesAt" data-field="closesAt" type="datetime-local" defaultValue={typed?.closesAt ?? isoToLondonInput(list?.closesAt)} {...described("closesAt")} />
          <FieldError id={`${id("closesAt")}-error`} error={errors.closesAt} />
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted">Empty: the list follows the event's door window.</p>
      <div className="flex flex-col gap-2">
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" name="allowMultipleEntries" defaultChecked={typed?.allowMultipleEntries ?? list?.allowMultipleEntries ?? false} className="size-4 accent-brand-600" />
          A ticket may enter more than once
        </label>
        <label className="flex items-center gap-3 text-sm">
          <input type="checkbox" name="allowReentry" defaultChecked={typed?.allowReentry ?? list?.allowReentry ?? false} className="size-4 accent-brand-600" />
          Re-entry after an exit scan
        </label>
      </div>
      {mine?.message && (
        <p role="alert" className={ERROR}>
          {mine.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {list ? "Save list" : "Add list"}
        </Button>
      </div>
    </Form>
  );
}

function DoorTimeForm({ eventId, door, result }: { eventId: string; door: CheckInSection["door"]; result: CheckInActionResult | null }) {
  const busy = useNavigation().state === "submitting";
  const error = result?.intent === "door" ? (result.errors?.doorOpens ?? result.message) : undefined;
  return (
    <Form method="post" aria-label="Door opening time" className={CARD}>
      <input type="hidden" name="intent" value="door" />
      <input type="hidden" name="eventId" value={eventId} />
      <h3 className="font-bold">Door opening time</h3>
      <p className="text-sm text-muted">A ticket scanned outside the door window is not admitted unless staff confirm it, and the scan log records that they did.</p>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="text-sm font-semibold">The door opens</legend>
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor="door-amount" className="sr-only">
            How long before the start
          </Label>
          <div className="w-28">
            <Input
              id="door-amount"
              name="amount"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              required
              defaultValue={door.amount}
              key={`amount-${door.doorOpensMinutesBefore}`}
              {...(error ? { "aria-invalid": true, "aria-describedby": "door-error" } : {})}
            />
          </div>
          <Label htmlFor="door-unit" className="sr-only">
            Unit
          </Label>
<div className="w-32">
          <Select id="door-unit" name="unit" defaultValue={door.unit} key={`unit-${door.doorOpensMinutesBefore}`}>
            <option value="hours">hours</option>
            <option value="minutes">minutes</option>
          </Select>
          </div>
          <span className="text-sm">before the start</span>
        </div>
      </fieldset>
      {error && (
        <p id="door-error" role="alert" className={ERROR}>
          {error}
        </p>
      )}
      <p className="text-sm">
        <span className="font-semibold">{doorOpensText(door.doorOpensMinutesBefore)}:</span> the door window is {doorDateTime(door.opensAt)} to {doorDateTime(door.closesAt)} (UK time).
      </p>
      <div>
        <Button type="submit" disabled={busy}>
          Save door time
        </Button>
      </div>
    </Form>
  );
}

function ListsTable({ eventId, section, result }: { eventId: string; section: CheckInSection; result: CheckInActionResult | null }) {
  const busy = useNavigation().state === "submitting";
  const { lists, ticketTypes } = section.lists;
  return (
    <div className="overflow-x-auto rounded-2xl border border-border bg-white shadow-sm">
      <table className="w-full text-left text-sm md:min-w-[48rem]">
        <caption className="px-4 pt-4 text-left font-bold sm:px-5">Check-in lists</caption>
        <thead className="bg-surface text-xs uppercase tracking-wide text-muted max-md:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2">Name</th>
            <th scope="col" className="px-3 py-2">Ticket types</th>
            <th scope="col" className="px-3 py-2">Window</th>
            <th scope="col" className="px-3 py-2">Multiple entries</th>
            <th scope="col" className="px-3 py-2">Re-entry after exit</th>
            <th scope="col" className="px-3 py-2">Scans</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border max-md:block">
          {lists.map((list) => {
            const editing = result && result.intent === "update-list" && result.listId === list.id && (result.errors || result.message);
            const deleteRefused = result && result.intent === "delete-list" && result.listId === list.id && result.message;
            return (
              <tr key={list.id} className="align-top max-md:block max-md:p-3">
                <th scope="row" data-label="Name" className={`${CELL} font-semibold`}>
                  {list.name}
                  {list.isDefault && <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-xs font-normal text-muted">Default</span>}
                </th>
                <td data-label="Ticket types" className={CELL}>{typesText(list, ticketTypes)}</td>
                <td data-label="Window" className={CELL}>{windowText(list)}</td>
                <td data-label="Multiple entries" className={CELL}>{list.allowMultipleEntries ? "Yes" : "No"}</td>
                <td data-label="Re-entry after exit" className={CELL}>{list.allowReentry ? "Yes" : "No"}</td>
                <td data-label="Scans" className={`${CELL} tabular-nums`}>{list.scans}</td>
                <td className={`${CELL} max-md:before:content-none md:w-72`}>
                  <details open={Boolean(editing)} className="group">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
                      Edit<span className="sr-only"> {list.name}</span>
                    </summary>
                    <div className="mt-3 rounded-xl border border-border p-3">
                      <ListForm eventId={eventId} types={ticketTypes} list={list} result={result} prefix={`list-${list.id}`} label={`Edit ${list.name}`} />
                    </div>
                  </details>
                  {!list.isDefault && (
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="delete-list" />
                      <input type="hidden" name="eventId" value={eventId} />
                      <input type="hidden" name="listId" value={list.id} />
                      <input type="hidden" name="name" value={list.name} />
                      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Delete ${list.name}`}>
                        Delete
                      </Button>
                    </Form>
                  )}
                  {deleteRefused && (
                    <p role="alert" className={`${ERROR} mt-2`}>
                      {result.message}
                    </p>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function logHref(eventId: string, filters: CheckInSection["filters"], extra: Record<string, string> = {}, base = "/dashboard/check-in") {
  const query = new URLSearchParams(base === "/dashboard/check-in" ? { event: eventId } : {});
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value) query.set(name, value);
  return `${base}?${query}`;
}

function ScanLog({ eventId, section }: { eventId: string; section: CheckInSection }) {
  const { filters, log } = section;
  // Pages loaded here after the loader's, for this loader's page only (a new filter starts again).
  const [loaded, setLoaded] = useState<{ base: ScanLogPage; rows: ScanLogRow[]; next: string | null } | null>(null);
  const mine = loaded?.base === log ? loaded : null;
  const rows = mine?.rows ?? log.scans;
  const next = mine ? mine.next : log.nextCursor;
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const loadMore = async (event: React.MouseEvent) => {
    if (!next) return;
    event.preventDefault();
    setLoading(true);
    setFailed(null);
    try {
      const page = await apiRequest<ScanLogPage>(logHref(eventId, filters, { cursor: next }, `/api/events/${encodeURIComponent(eventId)}/scans`) as `/api/${string}`);
      setLoaded({ base: log, rows: [...rows, ...page.scans], next: page.nextCursor });
    } catch (error) {
      setFailed(error instanceof Error ? error.message : "Could not load more scans.");
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="scan-log-heading" className="flex flex-col gap-3">
      <h3 id="scan-log-heading" className="text-lg font-bold">
        Scan log
      </h3>
      <Form method="get" className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end">
        <input type="hidden" name="event" value={eventId} />
        <div className="flex flex-col gap-1.5 sm:w-40">
          <Label htmlFor="log-result">Result</Label>
          <Select id="log-result" name="result" defaultValue={filters.result}>
            <option value="">Any result</option>
            {SCAN_RESULTS.map((result) => (
              <option key={result} value={result}>
                {SCAN_RESULT_LABELS[result]}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-56">
          <Label htmlFor="log-who">Who</Label>
          <Select id="log-who" name="who" defaultValue={filters.who}>
            <option value="">Anyone</option>
            {log.who.map((who) => (
              <option key={who.value} value={who.value}>
                {who.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5 sm:w-48">
          <Label htmlFor="log-list">List</Label>
          <Select id="log-list" name="list" defaultValue={filters.list}>
            <option value="">Any list</option>
            {log.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline">
            Filter
          </Button>
          <a href={logHref(eventId, filters, { format: "csv" }, `/api/events/${encodeURIComponent(eventId)}/scans`)} download className="inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 underline underline-offset-2">
            Export CSV
          </a>
        </div>
      </Form>
      {section.later && (
        <p className="text-sm">
          <Link to={logHref(eventId, filters)} className="font-semibold text-brand-700 underline">
            Back to the newest scans
          </Link>
        </p>
      )}
      {rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">No scans yet{filters.result || filters.who || filters.list ? " that match these filters" : ""}.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-border bg-white shadow-sm" tabIndex={0} role="region" aria-label="Scan log table">
          <table className="w-full text-left text-sm md:min-w-[72rem]">
            <caption className="sr-only">Scan log, newest first</caption>
            <thead className="bg-surface text-xs uppercase tracking-wide text-muted max-md:sr-only">
              <tr>
                {["Scanned", "Received", "Ticket", "Attendee", "Type", "List", "Direction", "Result", "Reason", "Who", "Device"].map((name) => (
                  <th key={name} scope="col" className="px-3 py-2">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border max-md:block">
              {rows.map((row) => (
                <tr key={row.id} className="align-top max-md:block max-md:p-3">
                  <td data-label="Scanned" className={`${CELL} whitespace-nowrap tabular-nums`}>{scanTimeText(row.scannedAt)}</td>
                  <td data-label="Received" className={`${CELL} whitespace-nowrap tabular-nums`}>
                    {scanTimeText(row.receivedAt)}
                    {row.offline && <span className="ml-1 text-xs text-muted">(offline)</span>}
                  </td>
                  <td data-label="Ticket" className={`${CELL} font-mono text-xs`}>{row.ticketCode ?? "–"}</td>
                  <td data-label="Attendee" className={CELL}>{row.attendeeName ?? "–"}</td>
                  <td data-label="Type" className={CELL}>{row.typeName ?? "–"}</td>
                  <td data-label="List" className={CELL}>{row.listName ?? "–"}</td>
                  <td data-label="Direction" className={CELL}>{row.direction === "in" ? "In" : "Out"}</td>
                  <td data-label="Result" className={`${CELL} font-semibold ${row.result === "refused" ? "text-red-700" : "text-emerald-800"}`}>
                    {SCAN_RESULT_LABELS[row.result]}
                    {row.confirmed && <span className="block text-xs font-normal text-muted">Confirmed by staff</span>}
                  </td>
                  <td data-label="Reason" className={CELL}>{row.reason ?? "–"}</td>
                  <td data-label="Who" className={CELL}>{row.who}</td>
                  <td data-label="Device" className={`${CELL} break-all`}>{row.device ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {failed && (
        <p role="alert" className={ERROR}>
          {failed}
        </p>
      )}
      {next && (
        <div>
          <a href={logHref(eventId, filters, { cursor: next })} onClick={loadMore} aria-disabled={loading} className="inline-flex items-center rounded-lg border border-border bg-white px-4 py-2 text-sm font-semibold hover:bg-surface">
            {loading ? "Loading…" : "Load more"}
          </a>
        </div>
      )}
    </section>
  );
}

/**
 * The dashboard's Check-in section (issue 38) for one event: when the door opens, the check-in lists
 * (add, edit, delete), the door's figures per list and type (live) and the scan log with its filters and
 * export. Plain forms posted to the route's action, so it works before scripts load.
 */
export function CheckInPanel({
  events,
  chosen,
  section,
  result,
  figures,
}: {
  events: readonly { id: string; label: string }[];
  chosen: { id: string; title: string } | null;
  /** null: the chosen event is not one the visitor manages (the API's 404). */
  section: CheckInSection | null;
  result: CheckInActionResult | null;
  /** The live door figures of the chosen event (the check-in feature's DoorFigures, composed by the route). */
  figures: ReactNode;
}) {
  return (
    <section aria-labelledby="check-in-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="check-in-heading" className="text-xl font-bold tracking-tight">
          Check-in
        </h2>
        <p className="mt-1 text-sm text-muted">When the door opens, which tickets each entrance admits, who is in, and every scan.</p>
      </div>

      {events.length > 0 && (
        <Form method="get" className="flex flex-col gap-2 rounded-2xl border border-border bg-white p-4 shadow-sm sm:flex-row sm:items-end sm:p-5">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor="check-in-event">Event</Label>
            <Select id="check-in-event" name="event" defaultValue={chosen?.id} key={chosen?.id}>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.label}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      )}

      {result?.done && (
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {result.done}
        </p>
      )}

      {!chosen ? (
        <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">You have no events yet.</p>
      ) : !section ? (
        <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">Event not found.</p>
      ) : (
        <>
          <DoorTimeForm eventId={chosen.id} door={section.door} result={result} />
          <ListsTable eventId={chosen.id} section={section} result={result} />
          <div className={CARD}>
            <h3 className="font-bold">Add a check-in list</h3>
            <p className="-mt-2 text-sm text-muted">An entrance for some ticket types, such as a VIP entrance. A ticket of another type scanned there is refused.</p>
            <ListForm eventId={chosen.id} types={section.lists.ticketTypes} list={null} result={result} prefix="new-list" label="New check-in list" />
          </div>
          {figures}
          <ScanLog eventId={chosen.id} section={section} />
        </>
      )}
    </section>
  );
}
