import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toFile } from "openai";
import sharp from "sharp";
import { SPEECH_TEXT_MAX_LENGTH } from "../../../domain/assistant";
import { BRAND } from "../../../domain/brand";
import { imageDimensions } from "../../../domain/images";
import { AiServiceError, type AiService, type ImageSize } from "./ai";

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

/**
 * What each image model accepts (decision 019), from OpenAI's API reference, Images › Create image
 * (https://platform.openai.com/docs/api-reference/images/create), as openai-node's
 * resources/images.d.ts states it: `size` "For dall-e-2, use one of 256x256, 512x512, or 1024x1024. For
 * dall-e-3, use one of 1024x1024, 1792x1024, or 1024x1792"; `prompt` "The maximum length is 32000
 * characters for the GPT image models, 1000 characters for dall-e-2 and 4000 characters for dall-e-3";
 * `response_format` "isn't supported for the GPT image models, which always return base64". Each of
 * the product's sizes (spec §3) maps to the model's size nearest in shape; the image is then fitted to
 * the product's size. Any other model (the GPT image models, an OpenAI-compatible server) takes the
 * product's sizes as they are.
 */
interface ImageModel {
  sizes: Record<ImageSize, string>;
  promptMax: number;
  /** Whether to ask for `response_format: "b64_json"` (DALL·E answers a URL otherwise). */
  askBase64: boolean;
}
const DALL_E_MODELS: Record<string, ImageModel> = {
  "dall-e-2": { sizes: { "1536x1024": "1024x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1024" }, promptMax: 1000, askBase64: true },
  "dall-e-3": { sizes: { "1536x1024": "1792x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1792" }, promptMax: 4000, askBase64: true },
};
const GPT_IMAGE_MODEL: ImageModel = { sizes: { "1536x1024": "1536x1024", "1024x1024": "1024x1024", "1024x1536": "1024x1536" }, promptMax: 32000, askBase64: false };
const imageModel = (model: string): ImageModel => DALL_E_MODELS[model] ?? GPT_IMAGE_MODEL;

/**
 * Voices of the speech models that do not have them all: "tts-1 and tts-1-hd support alloy, ash,
 * coral, echo, fable, onyx, nova, sage and shimmer" (OpenAI's text-to-speech guide,
 * https://platform.openai.com/docs/guides/text-to-speech#voice-options). Another voice is read in the
 * spec's 'alloy' (spec §9; decision 019).
 */
const TTS_1_VOICES = ["alloy", "ash", "coral", "echo", "fable", "onyx", "nova", "sage", "shimmer"];
const SPEECH_MODEL_VOICES: Record<string, readonly string[]> = { "tts-1": TTS_1_VOICES, "tts-1-hd": TTS_1_VOICES };
const voiceFor = (model: string, voice: string) => (SPEECH_MODEL_VOICES[model]?.includes(voice) === false ? "alloy" : voice);

/** The first `max` characters (code points, as OpenAI counts them, never half a surrogate pair). */
const firstCharacters = (text: string, max: number) => [...text].slice(0, max).join("");

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
        // Speech › Create speech: `input` "The maximum length is 4096 characters" (https://platform.openai.com/docs/api-reference/audio/createSpeech).
        const input = firstCharacters(text, SPEECH_TEXT_MAX_LENGTH);
        const response = await client.audio.speech.create({ model: models.speech, voice: voiceFor(models.speech, voice), input, response_format: "mp3" });
        const audio = Buffer.from(await response.arrayBuffer());
        if (audio.length === 0) throw new AiServiceError("The AI service returned no audio.");
        return audio;
      }),

    generateImage: ({ prompt, size }) =>
      call(async () => {
        const model = imageModel(models.image);
        const result = await client.images.generate({
          model: models.image,
          prompt: firstCharacters(prompt, model.promptMax),
          // The SDK types `size` as the union of every model's sizes; ours come from the table above.
          size: model.sizes[size] as "1024x1024",
          n: 1,
          ...(model.askBase64 ? { response_format: "b64_json" as const } : {}),
        });
        const encoded = result.data?.[0]?.b64_json;
        if (!encoded) throw new AiServiceError("The AI service returned no image.");
        const image = Buffer.from(encoded, "base64");
        if (!image.subarray(0, 8).equals(PNG_SIGNATURE)) throw new AiServiceError("The AI service returned an image that is not a PNG.");
        return fitToSize(image, size);
      }),
  };
}

/** The model's picture at exactly the product's size, cropped from the centre when the shapes differ. */
async function fitToSize(png: Buffer, size: ImageSize): Promise<Buffer> {
  const { width, height } = imageDimensions(size);
  const meta = await sharp(png).metadata().catch(() => {
    throw new AiServiceError("The AI service returned an image that is not a PNG.");
  });
  if (meta.width === width && meta.height === height) return png;
  return sharp(png).resize(width, height, { fit: "cover" }).png().toBuffer();
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
