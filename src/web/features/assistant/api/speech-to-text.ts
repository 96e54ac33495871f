import type { SpeechToTextInput, SpeechToTextResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/speech-to-text (spec §7): 501 when no speech service is configured. */
export function speechToText(input: SpeechToTextInput, signal?: AbortSignal): Promise<SpeechToTextResult> {
  return apiRequest("/api/functions/speech-to-text", { method: "POST", json: input, signal });
}
