import { BRAND, type PlatformCompany } from "@domain";

/** The company the server names with no COMPANY_* variables set (src/server/config.ts): what the root loader answers by default. */
export const DEFAULT_COMPANY: PlatformCompany = { name: BRAND.companyName, number: BRAND.companyNumber, address: BRAND.registeredAddress, vatNumber: null };
