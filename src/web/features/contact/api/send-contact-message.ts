import type { ContactMessageInput, ContactMessageReceipt } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/contact: stored and e-mailed to the support inbox (decisions.md D7). */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageReceipt> {
  return apiRequest("/api/contact", { method: "POST", json: input });
}
