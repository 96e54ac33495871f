/** The product's name and company details, in one place for the header, footer, e-mails and legal pages. */
export const BRAND = {
  name: "Eventora",
  tagline: "UK events, tickets in seconds",
  supportEmail: "support@eventora.co.uk",
  companyName: "Eventora Ltd",
  companyNumber: "14820377",
  registeredAddress: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ",
  paymentProvider: "Stripe",
} as const;

/** Local storage keys (spec §3 Local storage keys). */
export const STORAGE_KEYS = {
  rememberedEmail: `${BRAND.name.toLowerCase()}Email`,
  affiliateCode: "affiliate_code",
  affiliateExpiry: "affiliate_expiry",
} as const;
