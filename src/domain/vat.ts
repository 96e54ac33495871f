import type { Pence } from "./money";

/** The UK standard rate of VAT (20% since 4 January 2011), the rate ticket prices include when the seller is VAT-registered. */
export const VAT_STANDARD_RATE_PERCENT = 20;

/**
 * The VAT inside a VAT-inclusive price: price × rate / (100 + rate), rounded half up to the penny
 * (at 20%, £24.00 includes £4.00 and £10.00 includes £1.67).
 */
export function vatIncludedIn(grossPence: Pence, ratePercent: number = VAT_STANDARD_RATE_PERCENT): Pence {
  if (grossPence <= 0) return 0;
  const denominator = 100 + ratePercent;
  return Math.floor((grossPence * ratePercent * 2 + denominator) / (denominator * 2));
}

export type UkVatNumberResult = { ok: true; vatNumber: string } | { ok: false; problem: string };

/**
 * A UK VAT registration number as typed: spaces removed, upper-cased, and given its GB prefix when
 * typed without one. Accepted: 9 digits (standard), 12 digits (a branch trader: the 9 and a 3-digit
 * branch), GD and 3 digits (government departments, 000–499) or HA and 3 digits (health authorities,
 * 500–999), each after GB, or XI for a business registered in Northern Ireland.
 */
export function parseUkVatNumber(typed: string): UkVatNumberResult {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  if (!compact) return { ok: false, problem: "Enter a VAT number, or leave the field empty." };
  const prefixed = /^(GB|XI)/.exec(compact);
  const prefix = prefixed?.[1] ?? "GB";
  const rest = prefixed ? compact.slice(2) : compact;
  const special = /^(GD|HA)(\d{3})$/.exec(rest);
  if (special) {
    const [, kind, digits] = special;
    const number = Number(digits);
    if (kind === "GD" && number >= 500) return { ok: false, problem: "A government department's VAT number is GBGD and 3 digits from 000 to 499." };
    if (kind === "HA" && number < 500) return { ok: false, problem: "A health authority's VAT number is GBHA and 3 digits from 500 to 999." };
    return { ok: true, vatNumber: `${prefix}${rest}` };
  }
  if (/[^0-9]/.test(rest)) {
    return { ok: false, problem: "A UK VAT number is GB (XI in Northern Ireland) and digits only, e.g. GB123456789." };
  }
  if (rest.length !== 9 && rest.length !== 12) {
    return { ok: false, problem: `A UK VAT number has 9 digits (12 for a branch), not ${rest.length}.` };
  }
  return { ok: true, vatNumber: `${prefix}${rest}` };
}
