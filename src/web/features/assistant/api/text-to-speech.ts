import type { TextToSpeechInput, TextToSpeechResult } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/functions/text-to-speech (spec §7): base64 MP3; 501 when no speech service is configured. */
export function textToSpeech(input: TextToSpeechInput, signal?: AbortSignal): Promise<TextToSpeechResult> {
  return apiRequest("/api/functions/text-to-speech", { method: "POST", json: input, signal });
}
