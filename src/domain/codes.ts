// Discount and access codes (decision D25, issue 37): what a code may be, when it may be used, and what a
// ticket costs with it. The server locks a code, counts its uses held and confirmed, and asks these rules
// what they allow; nothing else computes a discounted price.
import { buyerFeePerTicket, formatPounds, type Pence } from "./money";

/** What a code does to the price of each ticket it applies to; `none` only unlocks hidden types. */
export const CODE_EFFECTS = ["percent", "amount", "set_price", "none"] as const;
export type CodeEffect = (typeof CODE_EFFECTS)[number];

export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 32;
/** The most codes one bulk generation makes (a CSV of them is a mailing list's worth). */
export const MAX_GENERATED_CODES = 500;
/** Letters of a generated code: no 0/O or 1/I/L, which people misread when they type a code from paper. */
export const GENERATED_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GENERATED_CODE_LENGTH = 10;

/** A code as the buyer types it and as it is stored: trimmed, upper case (codes are case-insensitive). */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Why a code's text cannot be a code, or null: 3 to 32 letters, digits, '-' or '_'. */
export function codeTextProblem(text: string): string | null {
  const code = normaliseCode(text);
  if (code.length < CODE_MIN_LENGTH) return `A code must be at least ${CODE_MIN_LENGTH} characters`;
  if (code.length > CODE_MAX_LENGTH) return `A code must be at most ${CODE_MAX_LENGTH} characters`;
  if (!/^[A-Z0-9_-]+$/.test(code)) return "A code may contain only letters, digits, '-' and '_'";
  return null;
}

/** What a rule needs of a code. `value` is the percent off (1–100), the pence off or the set price per ticket; 0 for `none`. */
export interface CodeRules {
  effect: CodeEffect;
  value: number;
  /** The types it applies to; empty: every shown type of its event(s). A hidden type is unlocked only by a code that names it. */
  ticketTypeIds: readonly string[];
  validFrom: Date | null;
  validUntil: Date | null;
  /** Counted per ticket, held and confirmed; null for no limit. */
  maxUses: number | null;
  /** Counted per ticket across the buyer's orders, held and confirmed; null for no limit. */
  maxPerBuyer: number | null;
  /** Places of its one event kept back for its buyers until used or expired (issue 37); null for none. */
  reservedPlaces?: number | null;
  active: boolean;
}

/** Where a code stands at a moment, before its uses are counted against a request. */
export type CodeState = "inactive" | "not-yet" | "expired" | "used-up" | "ok";

/** A code is valid from validFrom (inclusive) until validUntil (exclusive), while active and not used up. */
export function codeState(code: Pick<CodeRules, "active" | "validFrom" | "validUntil" | "maxUses">, usesTaken: number, now: Date): CodeState {
  if (!code.active) return "inactive";
  if (code.validFrom && now < code.validFrom) return "not-yet";
  if (code.validUntil && now >= code.validUntil) return "expired";
  if (code.maxUses !== null && usesTaken >= code.maxUses) return "used-up";
  return "ok";
}

/**
 * The places a code still keeps back from everyone who does not use it (issue 37): its reserved places
 * less its uses, held and confirmed, while it is active and unexpired (a code not valid yet keeps its places
 * back already, for the guests it is meant for). A deactivated or expired code gives them back at once.
 * Its SQL twin is `codeReservationSql` (server/features/events/places.ts), held equal by a test.
 */
export function unusedReservation(code: Pick<CodeRules, "active" | "validUntil" | "reservedPlaces">, usesTaken: number, now: Date): number {
  if (code.reservedPlaces == null || !code.active) return 0;
  if (code.validUntil && now >= code.validUntil) return 0;
  return Math.max(0, code.reservedPlaces - usesTaken);
}

/** What the buyer is told, exactly, when a code is refused. */
export const CODE_MESSAGES = {
  notFound: (code: string) => `No code ${normaliseCode(code)} for this event`,
  inactive: "This code is no longer valid",
  notYet: "This code is not valid yet",
  expired: "This code has expired",
  usedUp: "This code has been used up",
  notEnoughUses: (left: number) => `This code can be used for only ${left} more ticket${left === 1 ? "" : "s"}`,
  perBuyer: (most: number, used: number) =>
    used > 0
      ? `This code can be used for at most ${most} ticket${most === 1 ? "" : "s"} per buyer, and you have already used it for ${used}`
      : `This code can be used for at most ${most} ticket${most === 1 ? "" : "s"} per buyer`,
  notForTheseTickets: "This code does not apply to these tickets",
} as const;

/** The refusal message of a state other than "ok". */
export function codeStateMessage(state: Exclude<CodeState, "ok">): string {
  return { inactive: CODE_MESSAGES.inactive, "not-yet": CODE_MESSAGES.notYet, expired: CODE_MESSAGES.expired, "used-up": CODE_MESSAGES.usedUp }[state];
}

/** Whether a code applies to a type of its event: a named type, or any shown type when it names none. */
export function codeAppliesToType(code: Pick<CodeRules, "ticketTypeIds">, type: { id: string; hidden: boolean }): boolean {
  return code.ticketTypeIds.length ? code.ticketTypeIds.includes(type.id) : !type.hidden;
}

/**
 * The price of one ticket at `pricePence` with the code: never below 0, never above the type's own price
 * (a code never raises a price). A percentage is rounded to the nearest penny of discount.
 */
export function discountedUnitPrice(pricePence: Pence, code: Pick<CodeRules, "effect" | "value">): Pence {
  switch (code.effect) {
    case "percent":
      return pricePence - Math.round((pricePence * Math.min(100, Math.max(0, code.value))) / 100);
    case "amount":
      return Math.max(0, pricePence - code.value);
    case "set_price":
      return Math.min(pricePence, Math.max(0, code.value));
    case "none":
      return pricePence;
  }
}

/** The discount per ticket: the type's price less the price paid. */
export function discountPerTicket(pricePence: Pence, code: Pick<CodeRules, "effect" | "value">): Pence {
  return pricePence - discountedUnitPrice(pricePence, code);
}

/**
 * What a buyer pays per ticket with a code (D21, D22): the discounted price plus the booking fee on that
 * price. The booking fee itself is never discounted, and a ticket made free by a code pays none.
 */
export function allInPriceWithCode(pricePence: Pence, code: Pick<CodeRules, "effect" | "value"> | null, absorbsBookingFee: boolean): Pence {
  const unit = code ? discountedUnitPrice(pricePence, code) : pricePence;
  return unit + buyerFeePerTicket(unit, absorbsBookingFee);
}

/**
 * Why `requested` more tickets may not use the code, or null: its state (counting `usesTaken` already
 * held or confirmed), its uses left, and the buyer's own limit (counting `buyerUses`, their other held and
 * confirmed tickets with it). Called under the code's lock, so two checkouts cannot both pass.
 */
export function codeUseRefusal({ code, usesTaken, buyerUses, requested, now }: { code: CodeRules; usesTaken: number; buyerUses: number; requested: number; now: Date }): string | null {
  const state = codeState(code, usesTaken, now);
  if (state !== "ok") return codeStateMessage(state);
  if (code.maxUses !== null && usesTaken + requested > code.maxUses) return CODE_MESSAGES.notEnoughUses(code.maxUses - usesTaken);
  if (code.maxPerBuyer !== null && buyerUses + requested > code.maxPerBuyer) return CODE_MESSAGES.perBuyer(code.maxPerBuyer, buyerUses);
  return null;
}

/** A code's effect as an organiser reads it: "20% off", "£5.00 off", "£10.00 a ticket", "Unlocks hidden tickets". */
export function codeEffectText(code: Pick<CodeRules, "effect" | "value">): string {
  switch (code.effect) {
    case "percent":
      return `${code.value}% off`;
    case "amount":
      return `${formatPounds(code.value)} off`;
    case "set_price":
      return code.value === 0 ? "Free" : `${formatPounds(code.value)} a ticket`;
    case "none":
      return "Unlocks hidden tickets";
  }
}

/** A random code of GENERATED_CODE_LENGTH letters from the alphabet, drawn with `randomIndex(n)` (0..n-1, a secure source on the server). */
export function generatedCode(randomIndex: (n: number) => number, prefix = ""): string {
  let code = normaliseCode(prefix);
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) code += GENERATED_CODE_ALPHABET[randomIndex(GENERATED_CODE_ALPHABET.length)];
  return code;
}
