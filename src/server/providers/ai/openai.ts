import type { AiService } from "./ai";

/** The OpenAI SDK adapter (being written: issue 7). */
export function createOpenAiService(_options: { apiKey: string; baseURL?: string; models: { chat: string; transcribe: string; speech: string; image: string } }): AiService {
  throw new Error("The OpenAI adapter is not written yet.");
}
