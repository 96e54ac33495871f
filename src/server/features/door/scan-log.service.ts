import { Readable } from "node:stream";
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import {
  AppError,
  CSV_BOM,
  isUuid,
  parseScanWho,
  SCAN_LOG_PAGE_SIZE,
  SCAN_RESULT_LABELS,
  ScanLogQuery,
  scanTimeText,
  scanWhoValue,
  toCsv,
  type ScanLogPage,
  type ScanLogRow,
  type ScanResult,
} from "../../../domain";
import type { Db } from "../../db/client";
import { checkInLists, scans, tickets, ticketTypes } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import type { Actor } from "../auth/session";
import { findManagedEvent } from "../events/managed-events";

/** The scan log's CSV columns, in the page's order. */
export const SCAN_LOG_CSV_COLUMNS = ["Scanned at", "Received at", "Ticket code", "Attendee", "Type", "List", "Direction", "Result", "Reason", "Confirmed by staff", "Who", "Device", "Offline"] as const;

/** How many rows the CSV reads at a time: an event's log never sits in memory whole. */
const CSV_PAGE = 1000;

interface Filters {
  result?: ScanResult;
  who?: string;
  list?: string;
}

const cursorOf = (receivedAt: string, id: string) => Buffer.from(JSON.stringify([receivedAt, id])).toString("base64url");

/** A cursor read back: the last row's received time (to the microsecond, as PostgreSQL keeps it) and id. */
function readCursor(cursor: string): { receivedAt: string; id: string } {
  const bad = () => new AppError("VALIDATION_FAILED", "Invalid field 'cursor': it is not one this log gave", { field: "cursor" });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [receivedAt, id] = parsed as unknown[];
  if (typeof receivedAt !== "string" || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(receivedAt) || typeof id !== "string" || !isUuid(id)) throw bad();
  return { receivedAt, id };
}

function filtersWhere(eventId: string, filters: Filters): SQL {
  const conditions: (SQL | undefined)[] = [eq(scans.eventId, eventId)];
  if (filters.result) conditions.push(eq(scans.result, filters.result));
  if (filters.list) conditions.push(eq(scans.listId, filters.list));
  if (filters.who !== undefined) {
    const who = parseScanWho(filters.who);
    if (!who) throw new AppError("VALIDATION_FAILED", "Invalid field 'who': choose someone from the log's list", { field: "who" });
    if (who.kind === "access") conditions.push(eq(scans.doorAccessId, who.id));
    else if (who.kind === "user") conditions.push(and(eq(scans.userId, who.id), isNull(scans.doorAccessId)));
    else conditions.push(and(eq(scans.byLabel, who.label), isNull(scans.userId), isNull(scans.doorAccessId)));
  }
  return and(...conditions)!;
}

const receivedText = sql<string>`to_char(${scans.receivedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of the filtered log, newest received first, after `cursor`. */
async function logPage(db: Db, eventId: string, filters: Filters, cursor: string | undefined, size: number) {
  const after = cursor ? readCursor(cursor) : null;
  const rows = await db
    .select({
      id: scans.id,
      scannedAt: scans.scannedAt,
      receivedAt: scans.receivedAt,
      receivedText,
      ticketCode: sql<string | null>`coalesce(${tickets.code}, ${scans.scannedCode})`,
      attendeeName: tickets.attendeeName,
      typeName: ticketTypes.name,
      listName: checkInLists.name,
      direction: scans.direction,
      result: scans.result,
      reason: scans.reason,
      confirmed: scans.confirmed,
      who: scans.byLabel,
      device: scans.deviceId,
      offline: scans.offline,
    })
    .from(scans)
    .leftJoin(tickets, eq(tickets.id, scans.ticketId))
    .leftJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(checkInLists, eq(checkInLists.id, scans.listId))
    .where(and(filtersWhere(eventId, filters), after ? sql`(${scans.receivedAt}, ${scans.id}) < (${after.receivedAt}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(desc(scans.receivedAt), desc(scans.id))
    .limit(size + 1);
  const more = rows.length > size;
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    rows: page.map(({ receivedText: _, ...row }): ScanLogRow => ({
      ...row,
      scannedAt: row.scannedAt.toISOString(),
      receivedAt: row.receivedAt.toISOString(),
      direction: row.direction as ScanLogRow["direction"],
      result: row.result as ScanResult,
    })),
    nextCursor: more && last ? cursorOf(last.receivedText, last.id) : null,
  };
}

/** Everyone who has scanned at the event (their latest name), and its lists, for the filters. */
async function choicesOf(db: Db, eventId: string) {
  const [people, lists] = await Promise.all([
    db
      .selectDistinctOn([scans.doorAccessId, scans.userId, scans.byLabel], { doorAccessId: scans.doorAccessId, userId: scans.userId, byLabel: scans.byLabel })
      .from(scans)
      .where(eq(scans.eventId, eventId))
      .orderBy(scans.doorAccessId, scans.userId, scans.byLabel),
    db.select({ id: checkInLists.id, name: checkInLists.name }).from(checkInLists).where(eq(checkInLists.eventId, eventId)).orderBy(desc(checkInLists.isDefault), asc(checkInLists.name)),
  ]);
  const who = new Map<string, string>();
  for (const person of people) if (!who.has(scanWhoValue(person))) who.set(scanWhoValue(person), person.byLabel);
  return { who: [...who].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)), lists };
}

function csvRows(rows: readonly ScanLogRow[]): string {
  return toCsv(
    rows.map((row) => [
      scanTimeText(row.scannedAt),
      scanTimeText(row.receivedAt),
      row.ticketCode,
      row.attendeeName,
      row.typeName,
      row.listName,
      row.direction === "in" ? "In" : "Out",
      SCAN_RESULT_LABELS[row.result],
      row.reason,
      row.confirmed ? "Yes" : "No",
      row.who,
      row.device,
      row.offline ? "Yes" : "No",
    ]),
  );
}

async function* logCsv(db: Db, eventId: string, filters: Filters): AsyncGenerator<string> {
  yield CSV_BOM + toCsv([[...SCAN_LOG_CSV_COLUMNS]]);
  let cursor: string | undefined;
  do {
    const page = await logPage(db, eventId, filters, cursor, CSV_PAGE);
    if (page.rows.length) yield csvRows(page.rows);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * GET /api/events/{id}/scans: a page of the event's scan log (filtered by result, who and list), or with
 * ?format=csv the whole filtered log as a streamed download. Access and filters are checked before the
 * first byte, so a refusal is an error reply, never a partial file.
 */
export async function readScanLog({ db, actor, eventId, query }: { db: Db; actor: Actor; eventId: string; query: unknown }): Promise<{ page: ScanLogPage } | { csv: Readable; filename: string }> {
  const event = await findManagedEvent(db, actor, eventId);
  const { format, cursor, ...filters } = parseInput(ScanLogQuery, query, { whole: "query" });
  if (format === "csv") {
    // Filters are read once here so a wrong one is refused now, not halfway through the stream.
    filtersWhere(event.id, filters);
    const name = event.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "event";
    return { csv: Readable.from(logCsv(db, event.id, filters)), filename: `scans-${name}.csv` };
  }
  const [page, choices] = await Promise.all([logPage(db, event.id, filters, cursor, SCAN_LOG_PAGE_SIZE), choicesOf(db, event.id)]);
  return { page: { scans: page.rows, nextCursor: page.nextCursor, ...choices } };
}
