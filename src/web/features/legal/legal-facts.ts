import { BOOKING_FEE_PENCE, BRAND, formatPounds } from "@domain";

/** Facts every legal document quotes, from the domain module so they never drift apart (decisions.md D1). */
export const FEE = formatPounds(BOOKING_FEE_PENCE);
export { SELLER_FEE_TEXT } from "@domain";
export const SUPPORT_LINK = `[${BRAND.supportEmail}](mailto:${BRAND.supportEmail})`;
export const COMPANY = `${BRAND.companyName}, a company registered in England and Wales with company number ${BRAND.companyNumber}, whose registered office is at ${BRAND.registeredAddress}`;
