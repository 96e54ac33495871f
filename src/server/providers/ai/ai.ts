import type { Config } from "../../config";

/** spec §3 Generated image sizes. */
export type ImageSize = "1536x1024" | "1024x1024" | "1024x1536";

/**
 * An OpenAI-compatible AI service (decisions D19). `createAiService` answers null when none is
 * configured; callers then use the product's built-ins (assistant, poster generator, browser speech).
 */
export interface AiService {
  /** A chat reply to `message`, grounded by `context` (help facts and matching live events). */
  chat(input: { message: string; context: string }): Promise<string>;
  /** Text of a recording (webm/ogg/mp4 audio). */
  transcribe(input: { audio: Buffer; mimeType: string }): Promise<string>;
  /** MP3 audio of `text` in `voice` (spec: 'alloy'). */
  speak(input: { text: string; voice: string }): Promise<Buffer>;
  /** A PNG image for `prompt` at `size`. */
  generateImage(input: { prompt: string; size: ImageSize }): Promise<Buffer>;
}

/** A failure of the AI service, with a message fit to show (the routes map it to the spec's texts). */
export class AiServiceError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export async function createAiService(config: Config): Promise<AiService | null> {
  if (!config.OPENAI_API_KEY) return null;
  const { createOpenAiService } = await import("./openai");
  return createOpenAiService({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    models: { chat: config.OPENAI_CHAT_MODEL, transcribe: config.OPENAI_TRANSCRIBE_MODEL, speech: config.OPENAI_TTS_MODEL, image: config.OPENAI_IMAGE_MODEL },
  });
}
