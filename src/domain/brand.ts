/**
 * The product's name and contact, in one place for the header, footer, e-mails and legal pages. The
 * company details here are only the defaults of COMPANY_NAME, COMPANY_NUMBER and COMPANY_ADDRESS
 * (src/server/config.ts): pages, e-mails and documents print the configured PlatformCompany (issue 34),
 * except the contact page's "London office" card (spec §2 Contact).
 */
export const BRAND = {
  name: "Eventora",
  tagline: "UK events, tickets in seconds",
  supportEmail: "support@eventora.co.uk",
  companyName: "Eventora Ltd",
  companyNumber: "14820377",
  registeredAddress: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ",
  paymentProvider: "Stripe",
} as const;

/** The company that runs the platform, as configured (COMPANY_* in src/server/config.ts; issue 34). */
export interface PlatformCompany {
  name: string;
  /** Its Companies House number: 8 digits, or 2 letters and 6 digits (SC123456). */
  number: string;
  address: string;
  /** Null when the platform is not VAT-registered: no VAT is shown on its fees. */
  vatNumber: string | null;
}

/**
 * Where Companies House registered a company, read from its number's prefix: SC, SO and SL are Scottish
 * companies, LLPs and partnerships, NI, NC and NL Northern Irish ones; the rest (all digits, OC, LP…)
 * England and Wales.
 */
export function companyRegisteredIn(companyNumber: string): string {
  if (/^S[COL]/.test(companyNumber)) return "Scotland";
  if (/^N[ICL]/.test(companyNumber)) return "Northern Ireland";
  return "England and Wales";
}

/** Local storage keys (spec §3 Local storage keys). */
export const STORAGE_KEYS = {
  rememberedEmail: `${BRAND.name.toLowerCase()}Email`,
  affiliateCode: "affiliate_code",
  affiliateExpiry: "affiliate_expiry",
} as const;
