import type { NoticeSettings } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** How the user is e-mailed of buyers' refund requests on their events. */
export function getNoticeSettings(signal?: AbortSignal): Promise<NoticeSettings> {
  return apiRequest("/api/me/notice-settings", { method: "GET", signal });
}

/** Chooses an e-mail per refund request or one daily summary of the open ones. */
export function saveNoticeSettings(settings: NoticeSettings): Promise<NoticeSettings> {
  return apiRequest("/api/me/notice-settings", { method: "PUT", json: settings });
}
