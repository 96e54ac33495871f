import { parseUkVatNumber, VAT_TREATMENT_RATES, VAT_TREATMENT_VALUES, type VatTreatment } from "./vat";

/**
 * Who sells a paid event's tickets (issue 34, D28): the organiser, as a business or as a private
 * individual, with Eventora as their agent. The Consumer Contracts Regulations 2013 (Schedule 2) want the
 * trader's identity and geographic address before the buyer commits, so a paid event goes on sale only
 * once these details are complete.
 */
export const SELLER_KINDS = [
  { value: "business", label: "A business (a company, partnership or sole trader)" },
  { value: "individual", label: "A private individual" },
] as const;
export type SellerKind = (typeof SELLER_KINDS)[number]["value"];
export const SELLER_KIND_VALUES = SELLER_KINDS.map((kind) => kind.value) as [SellerKind, ...SellerKind[]];

export const VAT_TREATMENTS: readonly { value: VatTreatment; label: string }[] = [
  // Short enough for the select at a phone's width (390 px): the longest was cut at "(2".
  { value: "standard", label: "Standard-rated VAT (20%)" },
  { value: "reduced", label: "Reduced-rate VAT (5%)" },
  { value: "zero", label: "Zero-rated VAT (0%)" },
  { value: "exempt", label: "Exempt from VAT" },
  { value: "not-registered", label: "Not VAT-registered" },
];

/** The profile's seller details, as stored (normalised) or as just parsed from the form. */
export interface SellerDetails {
  businessName: string | null;
  businessAddress: string | null;
  sellerKind: string | null;
  companyNumber: string | null;
  vatTreatment: string | null;
  vatNumber: string | null;
}

/** No profile, or none of its seller details. */
const NO_SELLER_DETAILS: SellerDetails = { businessName: null, businessAddress: null, sellerKind: null, companyNumber: null, vatTreatment: null, vatNumber: null };

export type SellerDetailsField = keyof SellerDetails;

export interface SellerDetailsProblem {
  field: SellerDetailsField;
  message: string;
  /** True when the detail is only missing: it can be saved like this, but the organiser's paid events cannot be sold yet. */
  missing: boolean;
}

/** A Companies House number: 8 digits (England and Wales), or 2 letters and 6 digits (SC123456, NI…, OC… for an LLP). */
export const COMPANY_NUMBER_PATTERN = /^(\d{8}|[A-Z]{2}\d{6})$/;

/** A company number as typed: spaces removed, letters upper-cased. */
export function normaliseCompanyNumber(typed: string): string {
  return typed.replace(/\s+/g, "").toUpperCase();
}

/** "PO Box 12", "P.O. Box", "Post Office Box": a place to receive post, not where the seller can be found. */
const PO_BOX = /\b(p\s*\.?\s*o\s*\.?\s*box|post\s+office\s+box)\b/i;

/** Whether any VAT treatment that charges VAT (standard, reduced, zero) is chosen: those need a VAT number. */
function chargesVat(treatment: string | null): boolean {
  return treatment !== null && treatment in VAT_TREATMENT_RATES && VAT_TREATMENT_RATES[treatment as VatTreatment] !== null;
}

/**
 * What is wrong with or missing from a seller's details before their paid events may be sold (issue 34):
 * a legal or trading name; a geographic address (not a PO box); business or private individual; a company
 * number only for a business, in Companies House's format; a VAT treatment; a VAT number (HMRC's check
 * digits) for the treatments that charge VAT, never for a seller who is not registered, and only with an
 * address. Empty when the details are complete. Problems that are not `missing` cannot be saved at all.
 */
export function sellerDetailsProblems(given: SellerDetails | null): SellerDetailsProblem[] {
  const details = given ?? NO_SELLER_DETAILS;
  const problems: SellerDetailsProblem[] = [];
  const missing = (field: SellerDetailsField, message: string) => problems.push({ field, message, missing: true });
  const invalid = (field: SellerDetailsField, message: string) => problems.push({ field, message, missing: false });

  if (!details.businessName) missing("businessName", "Add your legal or trading name.");
  if (!details.businessAddress) missing("businessAddress", "Add the address where you can be found: a street address, not a PO box.");
  else if (PO_BOX.test(details.businessAddress)) invalid("businessAddress", "A PO box is not a geographic address: give the street address where you can be found.");

  if (!details.sellerKind) missing("sellerKind", "Say whether you sell as a business or as a private individual.");
  else if (!SELLER_KIND_VALUES.includes(details.sellerKind as SellerKind)) invalid("sellerKind", "Choose business or private individual.");

  if (details.companyNumber) {
    if (details.sellerKind === "individual") invalid("companyNumber", "A private individual has no company number: choose business, or leave the company number empty.");
    else if (!COMPANY_NUMBER_PATTERN.test(details.companyNumber)) invalid("companyNumber", "A company number is 8 digits, or 2 letters and 6 digits (for example 01234567 or SC123456).");
  }

  if (!details.vatTreatment) missing("vatTreatment", "Choose how VAT applies to your tickets, or that you are not VAT-registered.");
  else if (!VAT_TREATMENT_VALUES.includes(details.vatTreatment as VatTreatment)) invalid("vatTreatment", "Choose one of the VAT treatments listed.");

  if (details.vatNumber) {
    const parsed = parseUkVatNumber(details.vatNumber);
    if (!parsed.ok) invalid("vatNumber", parsed.problem);
    else if (details.vatTreatment === "not-registered") invalid("vatNumber", "A seller who is not VAT-registered has no VAT number: remove it, or choose your VAT treatment.");
    else if (!details.businessAddress) invalid("vatNumber", "A VAT number needs the address it is registered at: add your address.");
  } else if (chargesVat(details.vatTreatment)) {
    missing("vatNumber", "Add your VAT number: charging VAT needs a VAT registration.");
  }
  return problems;
}

/** Whether a seller's details are complete, so their paid events may be sold. */
export function sellerDetailsComplete(details: SellerDetails | null): boolean {
  return sellerDetailsProblems(details).length === 0;
}

/** The seller as a paid event's page and checkout name them (public by the organiser's choice to sell; never their e-mail). */
export interface SellerIdentity {
  name: string;
  address: string;
  kind: SellerKind;
  /** Shown for a business that is a company. */
  companyNumber: string | null;
}

/** The public identity of a seller whose details are complete; null otherwise. */
export function sellerIdentity(details: SellerDetails | null): SellerIdentity | null {
  if (!details || !sellerDetailsComplete(details)) return null;
  return {
    name: details.businessName!,
    address: details.businessAddress!,
    kind: details.sellerKind as SellerKind,
    companyNumber: details.sellerKind === "business" ? details.companyNumber : null,
  };
}

/** Create-payment's refusal of a paid event whose organiser has not completed their seller details. */
export function sellerDetailsMissingMessage(title: string): string {
  return `Tickets for ${title} are not on sale yet: the organiser has not added their seller details.`;
}
