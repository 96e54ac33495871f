import type { Pence } from "./money";

/** The UK standard rate of VAT (20% since 4 January 2011), the rate ticket prices include when the seller is VAT-registered. */
export const VAT_STANDARD_RATE_PERCENT = 20;
/** The same rate in basis points (hundredths of a percent), as a receipt records it: whole numbers for any rate (17.5% is 1750). */
export const VAT_STANDARD_RATE_BASIS_POINTS = VAT_STANDARD_RATE_PERCENT * 100;

/**
 * The VAT inside a VAT-inclusive price: price × rate / (100% + rate), rounded half up to the penny
 * (at 20%, £24.00 includes £4.00 and £10.00 includes £1.67).
 */
export function vatIncludedIn(grossPence: Pence, rateBasisPoints: number = VAT_STANDARD_RATE_BASIS_POINTS): Pence {
  if (grossPence <= 0) return 0;
  const denominator = 10_000 + rateBasisPoints;
  return Math.floor((grossPence * rateBasisPoints * 2 + denominator) / (denominator * 2));
}

/** A VAT rate as a receipt prints it: 2000 basis points is "20%", 1750 is "17.5%". */
export function formatVatRate(rateBasisPoints: number): string {
  return `${rateBasisPoints / 100}%`;
}

export type UkVatNumberResult = { ok: true; vatNumber: string } | { ok: false; problem: string };

/**
 * A UK VAT registration number as typed: spaces removed, upper-cased, and given its GB prefix when
 * typed without one. Accepted: 9 digits (standard), 12 digits (a branch trader: the 9 and a 3-digit
 * branch), GD and 3 digits (government departments, 000–499) or HA and 3 digits (health authorities,
 * 500–999), each after GB, or XI for a business registered in Northern Ireland. A 9- or 12-digit
 * number must pass HMRC's check digits (passesHmrcCheckDigits) and not be all zeros.
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
    return { ok: false, problem: "A UK VAT number is GB (XI in Northern Ireland) and digits only, e.g. GB980780684." };
  }
  if (rest.length !== 9 && rest.length !== 12) {
    return { ok: false, problem: `A UK VAT number has 9 digits (12 for a branch), not ${rest.length}.` };
  }
  if (/^0+$/.test(rest.slice(0, 9))) return { ok: false, problem: "A UK VAT number cannot be all zeros." };
  if (!passesHmrcCheckDigits(rest.slice(0, 9))) {
    return { ok: false, problem: `${prefix}${rest} is not a real UK VAT number: its last two digits do not match the others (HMRC's check digits). Check it against your VAT registration certificate.` };
  }
  return { ok: true, vatNumber: `${prefix}${rest}` };
}

/**
 * HMRC's check on a 9-digit VAT number (a branch number's first 9): the first seven digits weighted 8
 * down to 2, plus the last two as a number, is a multiple of 97 (the first series, "mod 97"), or is one
 * once 55 is added (the series restarting at 100 0000 00 from November 2009, "9755"; none below 100).
 * The check pair is a remainder, so 00 to 96 only.
 */
export function passesHmrcCheckDigits(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits) || Number(nineDigits.slice(7)) > 96) return false;
  let total = Number(nineDigits.slice(7));
  for (let i = 0; i < 7; i++) total += Number(nineDigits[i]) * (8 - i);
  return total % 97 === 0 || (Number(nineDigits.slice(0, 3)) >= 100 && (total + 55) % 97 === 0);
}

/** How an organiser's ticket prices are treated for VAT (issue 34): the rates of a VAT-registered seller, exempt, or not registered. */
export const VAT_TREATMENT_VALUES = ["standard", "reduced", "zero", "exempt", "not-registered"] as const;
export type VatTreatment = (typeof VAT_TREATMENT_VALUES)[number];

/**
 * The rate each treatment's prices include, in basis points: standard 20%, reduced 5%, zero 0%. Exempt
 * supplies and a seller who is not registered charge no VAT, so they have no rate (null).
 */
export const VAT_TREATMENT_RATES: Readonly<Record<VatTreatment, number | null>> = {
  standard: VAT_STANDARD_RATE_BASIS_POINTS,
  reduced: 500,
  zero: 0,
  exempt: null,
  "not-registered": null,
};

/** The VAT rate (basis points) a seller's prices include under this treatment; null when none (or no treatment chosen). */
export function vatRateOf(treatment: string | null | undefined): number | null {
  return treatment && treatment in VAT_TREATMENT_RATES ? VAT_TREATMENT_RATES[treatment as VatTreatment] : null;
}
