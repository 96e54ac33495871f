import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toFile } from "openai";
import { BRAND } from "../../../domain/brand";
import { AiServiceError, type AiService } from "./ai";

export interface OpenAiServiceOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint, including its version path (e.g. http://localhost:11434/v1). */
  baseURL?: string;
  models: { chat: string; transcribe: string; speech: string; image: string };
  /** A person is waiting on every call: fail within this rather than hang. */
  timeoutMs?: number;
  maxRetries?: number;
}

/** The extension OpenAI's transcription endpoint reads the container from (it ignores the MIME type). */
const AUDIO_EXTENSIONS: Record<string, string> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mp4": "mp4",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

function systemPrompt(context: string): string {
  return [
    `You are the ${BRAND.name} assistant on a UK event-ticketing website. Answer in British English, briefly (at most about 120 words), in plain text.`,
    "Use only the facts and events in the context below; if they do not answer the question, say so and suggest browsing /events or contacting support.",
    "When you mention an event from the context, link it exactly as given, in the form [Event title](/events/{id}). Never invent events, prices, dates or links.",
    "Prices are in pounds (£); dates and times are UK time.",
    "",
    "Context:",
    context,
  ].join("\n");
}

/** The SDK's failures as short, user-safe messages (the routes turn them into the spec's texts). */
function toAiServiceError(error: unknown): AiServiceError {
  if (error instanceof AiServiceError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiServiceError("The AI service did not answer in time.");
  if (error instanceof APIConnectionError) return new AiServiceError("The AI service could not be reached.");
  if (error instanceof APIError) {
    const status = error.status ?? null;
    if (status === 401 || status === 403) return new AiServiceError("The AI service refused our credentials.", status);
    if (status === 429) return new AiServiceError("The AI service is busy (rate limited).", status);
    if (status !== null && status < 500) return new AiServiceError(`The AI service refused the request (HTTP ${status}).`, status);
    return new AiServiceError(`The AI service failed (HTTP ${status ?? "unknown"}).`, status);
  }
  return new AiServiceError("The AI service failed.");
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAiServiceError(error);
  }
}

/** Any OpenAI-compatible service through the official SDK (decisions D19). */
export function createOpenAiService({ apiKey, baseURL, models, timeoutMs = 60_000, maxRetries = 1 }: OpenAiServiceOptions): AiService {
  const client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries });

  return {
    chat: ({ message, context }) =>
      call(async () => {
        const completion = await client.chat.completions.create({
          model: models.chat,
          messages: [
            { role: "system", content: systemPrompt(context) },
            { role: "user", content: message },
          ],
        });
        const reply = completion.choices[0]?.message.content?.trim();
        if (!reply) throw new AiServiceError("The AI service gave an empty reply.");
        return reply;
      }),

    transcribe: ({ audio, mimeType }) =>
      call(async () => {
        const type = mimeType.split(";")[0]!.trim().toLowerCase();
        const file = await toFile(audio, `recording.${AUDIO_EXTENSIONS[type] ?? "webm"}`, { type });
        const transcription = await client.audio.transcriptions.create({ file, model: models.transcribe });
        return transcription.text.trim();
      }),

    speak: ({ text, voice }) =>
      call(async () => {
        const response = await client.audio.speech.create({ model: models.speech, voice, input: text, response_format: "mp3" });
        const audio = Buffer.from(await response.arrayBuffer());
        if (audio.length === 0) throw new AiServiceError("The AI service returned no audio.");
        return audio;
      }),

    generateImage: ({ prompt, size }) =>
      call(async () => {
        // DALL·E answers with a URL unless asked; the GPT image models always answer base64 and refuse the option.
        const wantsFormat = models.image.startsWith("dall-e");
        const result = await client.images.generate({
          model: models.image,
          prompt,
          size,
          n: 1,
          ...(wantsFormat ? { response_format: "b64_json" as const } : {}),
        });
        const encoded = result.data?.[0]?.b64_json;
        if (!encoded) throw new AiServiceError("The AI service returned no image.");
        const image = Buffer.from(encoded, "base64");
        if (!image.subarray(0, 8).equals(PNG_SIGNATURE)) throw new AiServiceError("The AI service returned an image that is not a PNG.");
        return image;
      }),
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
