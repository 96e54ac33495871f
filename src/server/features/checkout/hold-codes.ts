import { AppError, CODE_MESSAGES, codeState, codeStateMessage, codeUseRefusal, normaliseCode, unusedReservation, type CodeRules } from "../../../domain";
import type { Tx } from "../../db/client";
import { buyerCodeUses, buyerUseKey, codeUses, lockCodes, type CodeRow } from "../events/code-uses";

/** The codes a batch of holds names, locked, with their uses counted after the lock (and kept up to date as each buyer is held). */
export interface CodeStanding {
  /** By organiser and normalised text: a text names at most one code per organiser. */
  byOrganiser: Map<string, CodeRow>;
  /** Each code's uses held and sold, per ticket. */
  taken: Map<string, number>;
  /** Each buyer's own uses of each code (buyerUseKey). */
  buyerUses: Map<string, number>;
}

const organiserKey = (organiserId: string, text: string) => `${organiserId}/${normaliseCode(text)}`;

/**
 * Locks the codes a batch names (after its events, in id order: decision 042) and counts their uses, in all
 * and per buyer, under that lock. `named` are each request's buyer, code text and its events' organisers.
 */
export async function lockCodeStanding(tx: Tx, named: { userId: string; code: string | null; organiserIds: string[] }[]): Promise<CodeStanding> {
  const withCode = named.filter((request) => request.code !== null);
  const locked = await lockCodes(
    tx,
    [...new Set(withCode.flatMap((request) => request.organiserIds))],
    [...new Set(withCode.map((request) => request.code!))],
  );
  const ids = locked.map((code) => code.id);
  const uses = await codeUses(tx, ids);
  return {
    byOrganiser: new Map(locked.map((code) => [organiserKey(code.organiserId, code.code), code])),
    taken: new Map(ids.map((id) => [id, uses.get(id)!.held + uses.get(id)!.confirmed])),
    buyerUses: await buyerCodeUses(
      tx,
      ids,
      [...new Set(withCode.map((request) => request.userId))],
    ),
  };
}

/** The buyer's code as it stands for one event: its organiser's code of that text, when it covers the event. */
export function codeForEvent(standing: CodeStanding, text: string | null, event: { id: string; userId: string }): CodeRow | null {
  if (text === null) return null;
  const code = standing.byOrganiser.get(organiserKey(event.userId, text));
  return code && (code.eventId === null || code.eventId === event.id) ? code : null;
}

export const codeRules = (code: CodeRow): CodeRules => ({ ...code, effect: code.effect as CodeRules["effect"] });

/** A refusal of the buyer's code, with its reason for the client. */
function codeError(status: "VALIDATION_FAILED" | "CONFLICT", message: string, reason: string): AppError {
  return new AppError(status, message, { reason, field: "code" });
}

const STATE_REASONS = { inactive: "CODE_INACTIVE", "not-yet": "CODE_NOT_YET_VALID", expired: "CODE_EXPIRED", "used-up": "CODE_USED_UP" } as const;

/** A code of no event in the cart: one of another event of the organiser's is as unknown here as none at all. */
const unknownCode = (text: string) => codeError("VALIDATION_FAILED", CODE_MESSAGES.notFound(text), "CODE_NOT_FOUND");

/** The buyer's code must be one for an event of the cart, before anything else is said of its lines (a typo is named as one). */
export function checkCodeKnown(standing: CodeStanding, text: string | null, events: ({ id: string; userId: string } | undefined)[]) {
  if (text !== null && !events.some((event) => event && codeForEvent(standing, text, event))) throw unknownCode(text);
}

/**
 * The code's rules over one buyer's priced lines, under its lock (decision 042): it must exist for one of the
 * cart's events and apply to at least one of its tickets; each code used must be valid now, have the uses
 * for the tickets it prices, and stay within the buyer's own limit counting their other held and sold
 * tickets with it. Throws the buyer's AppError.
 */
export function checkCodeUses({ text, userId, used, standing, now }: { text: string | null; userId: string; used: Map<CodeRow, number>; standing: CodeStanding; now: Date }) {
  if (text === null) return;
  if (used.size === 0) throw unknownCode(text);
  if ([...used.values()].every((requested) => requested === 0)) {
    const [code] = used.keys();
    const state = codeState(codeRules(code!), standing.taken.get(code!.id) ?? 0, now);
    if (state !== "ok") throw codeError("CONFLICT", codeStateMessage(state), STATE_REASONS[state]);
    throw codeError("VALIDATION_FAILED", CODE_MESSAGES.notForTheseTickets, "CODE_NOT_APPLICABLE");
  }
  for (const [code, requested] of used) {
    if (requested === 0) continue;
    const rules = codeRules(code);
    const taken = standing.taken.get(code.id) ?? 0;
    const refusal = codeUseRefusal({ code: rules, usesTaken: taken, buyerUses: standing.buyerUses.get(buyerUseKey(code.id, userId)) ?? 0, requested, now });
    if (refusal) {
      const state = codeState(rules, taken, now);
      const reason = state !== "ok" ? STATE_REASONS[state] : code.maxUses !== null && taken + requested > code.maxUses ? "CODE_NOT_ENOUGH_USES" : "CODE_BUYER_LIMIT";
      throw codeError("CONFLICT", refusal, reason);
    }
  }
}

/** Counts a held buyer's uses, so the buyers after them in the batch see them. */
export function recordCodeUses(standing: CodeStanding, userId: string, used: Map<CodeRow, number>) {
  for (const [code, quantity] of used) {
    standing.taken.set(code.id, (standing.taken.get(code.id) ?? 0) + quantity);
    const key = buyerUseKey(code.id, userId);
    standing.buyerUses.set(key, (standing.buyerUses.get(key) ?? 0) + quantity);
  }
}

/**
 * The places a code keeps back that its buyer may take (issue 37), as the batch stands: of its event, and
 * of its type when it names one type alone (places.ts counts them so: keptBackByCodes).
 */
export function keptBackFor(standing: CodeStanding, code: CodeRow, now: Date): { event: number; type: number } {
  const kept = unusedReservation(code, standing.taken.get(code.id) ?? 0, now);
  return { event: kept, type: code.ticketTypeIds.length === 1 ? kept : 0 };
}

/** Of a buyer's code uses, the places that come out of what their codes kept back (call before recordCodeUses). */
export function reservedPlacesTaken(standing: CodeStanding, used: Map<CodeRow, number>, now: Date): { eventId: string; typeId: string | null; places: number }[] {
  return [...used].flatMap(([code, quantity]) => {
    const places = Math.min(quantity, keptBackFor(standing, code, now).event);
    return places > 0 && code.eventId ? [{ eventId: code.eventId, typeId: code.ticketTypeIds.length === 1 ? code.ticketTypeIds[0]! : null, places }] : [];
  });
}
