import { randomInt } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  AppError,
  codeEffectText,
  CodeInput,
  codeState,
  csvFile,
  GenerateCodesInput,
  generatedCode,
  isUuid,
  unusedReservation,
  type CodeSummary,
  type CodeValues,
} from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { codes, events, orderLines, ticketTypes } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import type { Actor } from "../auth/session";
import { managedBy, MANAGED_EVENT_NOT_FOUND } from "../events/managed-events";
import { codeUses, type CodeRow } from "../events/code-uses";
import { placesLeft, typePlacesLeft } from "../events/places";

/** The one answer for a code that is missing or not the actor's (so the two cannot be told apart). */
export const CODE_NOT_FOUND = "Code not found";

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && ((error as { code?: string }).code === "23505" || isUniqueViolation((error as { cause?: unknown }).cause));

const takenError = (code: string) => new AppError("CONFLICT", `Invalid field 'code': you already have a code ${code} (codes are the same whatever their case)`, { reason: "CODE_TAKEN", field: "code" });

/**
 * Whose a code is, and which types it may name (decisions D10): an event's code is its organiser's, made by
 * them or an admin; a code for all their events is the actor's own, or an admin's for `organiserId`.
 */
async function scopeOf(db: Db, actor: Actor, values: Pick<CodeValues, "eventId" | "ticketTypeIds">, organiserId: string | null): Promise<{ organiserId: string }> {
  if (values.eventId === null) {
    if (organiserId && organiserId !== actor.userId && !actor.isAdmin) throw new AppError("FORBIDDEN", "Only an admin may make codes for another organiser.");
    return { organiserId: organiserId ?? actor.userId };
  }
  const [event] = await db
    .select({ userId: events.userId })
    .from(events)
    .where(and(eq(events.id, values.eventId), managedBy(actor)));
  if (!event) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
  if (values.ticketTypeIds.length) {
    const types = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, values.eventId));
    const unknown = values.ticketTypeIds.find((id) => !types.some((type) => type.id === id));
    if (unknown) throw new AppError("VALIDATION_FAILED", `Invalid field 'ticketTypeIds': ${unknown} is not one of the event's ticket types`, { field: "ticketTypeIds" });
  }
  return { organiserId: event.userId };
}

const columnsOf = (values: Omit<CodeValues, "code">) => ({
  eventId: values.eventId,
  effect: values.effect,
  value: values.value,
  ticketTypeIds: [...new Set(values.ticketTypeIds)],
  validFrom: values.validFrom ? new Date(values.validFrom) : null,
  validUntil: values.validUntil ? new Date(values.validUntil) : null,
  maxUses: values.maxUses,
  maxPerBuyer: values.maxPerBuyer,
  reservedPlaces: values.reservedPlaces,
  active: values.active,
});

/**
 * Places a code would keep back must be free now (issue 37): a reservation comes out of the places the public
 * could buy, of its event and of its type when it names one alone, never beyond them. Checked under the
 * event's lock (as holds take it), so a rush of buyers and a new reservation cannot both have the last places.
 * `keep` is what the code(s) would keep back; `codeId` an existing code whose own reservation is not counted.
 */
async function checkPlacesToReserve(tx: Tx, values: Pick<CodeValues, "eventId" | "ticketTypeIds">, keep: number, codeId?: string) {
  if (keep <= 0 || !values.eventId) return;
  const [event] = await tx
    .select({ id: events.id, title: events.title, maxAttendees: events.maxAttendees })
    .from(events)
    .where(eq(events.id, values.eventId))
    .for("no key update");
  if (!event) return;
  let left = event.maxAttendees === null ? Infinity : await placesLeft(tx, { id: event.id, maxAttendees: event.maxAttendees }, undefined, codeId);
  if (values.ticketTypeIds.length === 1) {
    const [type] = await tx.select({ id: ticketTypes.id, capacity: ticketTypes.capacity }).from(ticketTypes).where(eq(ticketTypes.id, values.ticketTypeIds[0]!));
    if (type?.capacity != null) left = Math.min(left, await typePlacesLeft(tx, { id: type.id, capacity: type.capacity }, undefined, codeId));
  }
  if (keep > left) {
    const free = Math.max(0, left);
    throw new AppError("CONFLICT", `Invalid field 'reservedPlaces': only ${free} place${free === 1 ? " is" : "s are"} free to reserve for ${event.title}`, { reason: "NOT_ENOUGH_PLACES", field: "reservedPlaces", remaining: free });
  }
}

/** Codes as their organiser reads them, with their uses counted now. */
async function summariesOf(db: Db, rows: CodeRow[]): Promise<CodeSummary[]> {
  const uses = await codeUses(db, rows.map((row) => row.id));
  const now = new Date();
  return rows.map((row) => {
    const { held, confirmed } = uses.get(row.id)!;
    return {
      id: row.id,
      code: row.code,
      eventId: row.eventId,
      effect: row.effect as CodeSummary["effect"],
      value: row.value,
      effectText: codeEffectText({ effect: row.effect as CodeSummary["effect"], value: row.value }),
      ticketTypeIds: row.ticketTypeIds,
      validFrom: row.validFrom?.toISOString() ?? null,
      validUntil: row.validUntil?.toISOString() ?? null,
      maxUses: row.maxUses,
      maxPerBuyer: row.maxPerBuyer,
      reservedPlaces: row.reservedPlaces,
      reservedUnused: unusedReservation(row, held + confirmed, now),
      active: row.active,
      usesHeld: held,
      usesConfirmed: confirmed,
      state: codeState(row, held + confirmed, now),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** A new code (issue 37): for one of the actor's events, or all of an organiser's; its text unique per organiser whatever its case. */
export async function createCode({ db, actor, input: raw }: { db: Db; actor: Actor; input: unknown }): Promise<CodeSummary> {
  const { code, ...values } = parseInput(CodeInput, raw, { whole: "body" });
  const organiserId = typeof (raw as { organiserId?: unknown })?.organiserId === "string" ? (raw as { organiserId: string }).organiserId : null;
  const scope = await scopeOf(db, actor, values, organiserId);
  try {
    const row = await db.transaction(async (tx) => {
      await checkPlacesToReserve(tx, values, unusedReservation(columnsOf(values), 0, new Date()));
      const [inserted] = await tx
        .insert(codes)
        .values({ organiserId: scope.organiserId, code, ...columnsOf(values) })
        .returning();
      return inserted!;
    });
    return (await summariesOf(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError(code);
    throw error;
  }
}

/** The actor's codes (decisions D10: an admin's are every organiser's); with an event, the codes that apply to it (its own and its organiser's for all events). */
export async function listCodes({ db, actor, eventId }: { db: Db; actor: Actor; eventId?: string }): Promise<CodeSummary[]> {
  let where: SQL | undefined = managedBy(actor, sql`${codes.organiserId}`);
  if (eventId !== undefined) {
    if (!isUuid(eventId)) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
    const [event] = await db
      .select({ userId: events.userId })
      .from(events)
      .where(and(eq(events.id, eventId), managedBy(actor)));
    if (!event) throw new AppError("EVENT_NOT_FOUND", MANAGED_EVENT_NOT_FOUND);
    where = or(eq(codes.eventId, eventId), and(isNull(codes.eventId), eq(codes.organiserId, event.userId)));
  }
  const rows = await db.select().from(codes).where(where).orderBy(asc(codes.createdAt), asc(codes.code));
  return summariesOf(db, rows);
}

/** A code the actor manages, or NOT_FOUND (the same answer whether it is missing or someone else's). */
async function findManagedCode(db: Db, actor: Actor, codeId: string): Promise<CodeRow> {
  if (!isUuid(codeId)) throw new AppError("NOT_FOUND", CODE_NOT_FOUND);
  const [row] = await db
    .select()
    .from(codes)
    .where(and(eq(codes.id, codeId), managedBy(actor, sql`${codes.organiserId}`)));
  if (!row) throw new AppError("NOT_FOUND", CODE_NOT_FOUND);
  return row;
}

/**
 * Changes any of a code's fields; the rest stay. Checked as a whole, as a new code is. Deactivating is
 * `active: false`. A change applies to checkouts from then on: tickets already held or sold keep their price.
 */
export async function updateCode({ db, actor, codeId, input: raw }: { db: Db; actor: Actor; codeId: string; input: unknown }): Promise<CodeSummary> {
  const current = await findManagedCode(db, actor, codeId);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new AppError("VALIDATION_FAILED", "Invalid field 'body': it must be an object");
  const merged = {
    code: current.code,
    eventId: current.eventId,
    effect: current.effect,
    value: current.value,
    ticketTypeIds: current.ticketTypeIds,
    validFrom: current.validFrom?.toISOString() ?? null,
    validUntil: current.validUntil?.toISOString() ?? null,
    maxUses: current.maxUses,
    maxPerBuyer: current.maxPerBuyer,
    reservedPlaces: current.reservedPlaces,
    active: current.active,
    ...raw,
  };
  const { code, ...values } = parseInput(CodeInput, merged, { whole: "body" });
  const scope = await scopeOf(db, actor, values, current.organiserId);
  if (scope.organiserId !== current.organiserId) throw new AppError("VALIDATION_FAILED", "Invalid field 'eventId': a code can move only to another event of its own organiser", { field: "eventId" });
  try {
    const row = await db.transaction(async (tx) => {
      // Its uses counted under the event's lock (checkPlacesToReserve takes it first), as a hold counts them.
      if (values.reservedPlaces !== null && values.eventId) {
        await tx.select({ id: events.id }).from(events).where(eq(events.id, values.eventId)).for("no key update");
        const { held, confirmed } = (await codeUses(tx, [current.id])).get(current.id)!;
        await checkPlacesToReserve(tx, values, unusedReservation(columnsOf(values), held + confirmed, new Date()), current.id);
      }
      const [updated] = await tx
        .update(codes)
        .set({ code, ...columnsOf(values), updatedAt: sql`now()` })
        .where(eq(codes.id, current.id))
        .returning();
      return updated!;
    });
    return (await summariesOf(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError(code);
    throw error;
  }
}

/** Deletes a code never used (no order line ever named it); a used code is deactivated instead, so its sales keep their record. */
export async function deleteCode({ db, actor, codeId }: { db: Db; actor: Actor; codeId: string }): Promise<void> {
  const current = await findManagedCode(db, actor, codeId);
  const [used] = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.codeId, current.id)).limit(1);
  const refusal = () => new AppError("CONFLICT", `The code ${current.code} has been used, so it cannot be deleted: deactivate it instead.`, { reason: "CODE_USED" });
  if (used) throw refusal();
  try {
    await db.delete(codes).where(eq(codes.id, current.id));
  } catch (error) {
    // A checkout used it between the look and the delete: the order line's foreign key refuses.
    if ((error as { code?: string; cause?: { code?: string } }).code === "23503" || (error as { cause?: { code?: string } }).cause?.code === "23503") throw refusal();
    throw error;
  }
}

/**
 * `count` new codes at once, all alike but for their random text (single-use unless `maxUses` says
 * otherwise), in one statement; a drawn text that meets one of the organiser's codes is drawn again.
 */
export async function generateCodes({ db, actor, input: raw }: { db: Db; actor: Actor; input: unknown }): Promise<CodeSummary[]> {
  const { count, prefix, ...values } = parseInput(GenerateCodesInput, raw, { whole: "body" });
  const organiserId = typeof (raw as { organiserId?: unknown })?.organiserId === "string" ? (raw as { organiserId: string }).organiserId : null;
  const scope = await scopeOf(db, actor, values, organiserId);
  const made = await db.transaction(async (tx) => {
    await checkPlacesToReserve(tx, values, count * unusedReservation(columnsOf(values), 0, new Date()));
    const rows: CodeRow[] = [];
    // Ten letters of 31 make a meeting vanishingly rare; the loop only mops it up.
    for (let round = 0; rows.length < count && round < 5; round++) {
      const texts = new Set<string>();
      while (texts.size < count - rows.length) texts.add(generatedCode((n) => randomInt(n), prefix));
      rows.push(
        ...(await tx
          .insert(codes)
          .values([...texts].map((code) => ({ organiserId: scope.organiserId, code, ...columnsOf(values) })))
          .onConflictDoNothing()
          .returning()),
      );
    }
    if (rows.length < count) throw new AppError("CONFLICT", "Could not draw enough new codes: please try again.");
    return rows;
  });
  return summariesOf(db, made);
}

/** Generated codes as the CSV an organiser downloads: one row per code with what it does and its limits. */
export function codesCsv(summaries: CodeSummary[]): string {
  return csvFile([
    ["Code", "Effect", "Event", "Valid from", "Valid until", "Max uses", "Max per buyer", "Reserved places"],
    ...summaries.map((code) => [code.code, code.effectText, code.eventId ?? "All events", code.validFrom ?? "", code.validUntil ?? "", code.maxUses ?? "", code.maxPerBuyer ?? "", code.reservedPlaces ?? ""]),
  ]);
}

/** An event as the codes screen offers it: its title, date and every type (hidden ones too, which only a code that names them sells). */
export interface CodeEventChoice {
  id: string;
  title: string;
  dateTime: string;
  ticketTypes: { id: string; name: string; hidden: boolean }[];
}

/**
 * The events the codes screen names (issue 37): the user's own, newest first, and any other event one of
 * the listed codes is for (an admin sees every organiser's codes), each with its ticket types in order.
 */
export async function codeEventChoices({ db, userId, alsoEventIds = [] }: { db: Db; userId: string; alsoEventIds?: string[] }): Promise<CodeEventChoice[]> {
  const others = [...new Set(alsoEventIds)].filter(isUuid);
  const rows = await db
    .select({ id: events.id, title: events.title, dateTime: events.dateTime })
    .from(events)
    .where(others.length ? or(eq(events.userId, userId), inArray(events.id, others)) : eq(events.userId, userId))
    .orderBy(desc(events.dateTime));
  if (!rows.length) return [];
  const types = await db
    .select({ id: ticketTypes.id, eventId: ticketTypes.eventId, name: ticketTypes.name, hidden: ticketTypes.hidden })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, rows.map((row) => row.id)))
    .orderBy(asc(ticketTypes.position));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    dateTime: row.dateTime.toISOString(),
    ticketTypes: types.filter((type) => type.eventId === row.id).map(({ id, name, hidden }) => ({ id, name, hidden })),
  }));
}
