import { BOOKING_FEE_PENCE, BRAND, companyRegisteredIn, formatPounds, type PlatformCompany } from "@domain";

/** Facts every legal document quotes, from the domain module so they never drift apart (decisions.md D1). */
export const FEE = formatPounds(BOOKING_FEE_PENCE);
export { SELLER_FEE_TEXT } from "@domain";
export const SUPPORT_LINK = `[${BRAND.supportEmail}](mailto:${BRAND.supportEmail})`;
/** The company as the documents introduce it: the configured one, given when the page renders (issue 34). */
export const companyIdentity = (company: PlatformCompany) =>
  `${company.name}, a company registered in ${companyRegisteredIn(company.number)} with company number ${company.number}, whose registered office is at ${company.address}`;
