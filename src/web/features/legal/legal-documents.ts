import type { LegalDocument } from "./legal-document";
import { ACCESSIBILITY_STATEMENT } from "./accessibility";
import { BOOKING_TERMS } from "./booking-terms";
import { GDPR_NOTICE } from "./gdpr";
import { PRIVACY_POLICY } from "./privacy";
import { REFUND_POLICY } from "./refund-policy";
import { TERMS_OF_SERVICE } from "./terms";

export { ACCESSIBILITY_STATEMENT, BOOKING_TERMS, GDPR_NOTICE, PRIVACY_POLICY, REFUND_POLICY, TERMS_OF_SERVICE };

/** The five legal pages of spec §2 and the accessibility statement (issue 34), in the footer's order. */
export const LEGAL_DOCUMENTS: readonly LegalDocument[] = [TERMS_OF_SERVICE, PRIVACY_POLICY, BOOKING_TERMS, REFUND_POLICY, GDPR_NOTICE, ACCESSIBILITY_STATEMENT];
