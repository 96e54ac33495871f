import type { ChatCompletionInput, ChatCompletionResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/chat-completion (spec §7): the assistant's reply, links written [Title](/path). */
export function chatCompletion(input: ChatCompletionInput, signal?: AbortSignal): Promise<ChatCompletionResult> {
  return apiRequest("/api/functions/chat-completion", { method: "POST", json: input, signal });
}
