import type { AssistantCapabilities } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** GET /api/assistant: whether voice goes through the site's speech service or the browser's (decisions D19). */
export function getAssistantCapabilities(): Promise<AssistantCapabilities> {
  return apiRequest("/api/assistant", { method: "GET" });
}
