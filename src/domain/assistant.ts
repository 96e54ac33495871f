import { z } from "zod";

/**
 * The assistant's server functions (spec §7 Server functions: chat-completion, speech-to-text,
 * text-to-speech), with the limits both sides share.
 *
 * Replies are plain text in which links are written Markdown-style, `[Title](/events/{id})`; only
 * site-relative paths are links, and the overlay renders them as router links (never as HTML).
 */

/** spec §5 Chat: blank text is ignored; long questions are cut off at the source. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

/** A recording is refused above this size once decoded (about five minutes of Opus speech). */
export const MAX_RECORDING_BYTES = 5 * 1024 * 1024;

/** spec §9 E-mail and assistant: audio is base64-encoded 32768 bytes at a time. */
export const AUDIO_CHUNK_BYTES = 32768;

/** What one text-to-speech request may read out (the limit of OpenAI's speech endpoint). */
export const SPEECH_TEXT_MAX_LENGTH = 4096;

/** spec §9: the voice is 'alloy'; the other OpenAI voices are accepted too. */
export const ASSISTANT_VOICES = ["alloy", "ash", "ballad", "coral", "echo", "fable", "nova", "onyx", "sage", "shimmer", "verse"] as const;
export type AssistantVoice = (typeof ASSISTANT_VOICES)[number];

export const ChatCompletionInput = z.object({
  message: z
    .string()
    .trim()
    .min(1, "Please enter a message")
    .max(CHAT_MESSAGE_MAX_LENGTH, `Messages can be ${CHAT_MESSAGE_MAX_LENGTH} characters at most`)
    .refine((text) => !text.includes("\u0000"), "The message contains a character that is not allowed"),
});
export type ChatCompletionInput = z.infer<typeof ChatCompletionInput>;

export const ChatCompletionResult = z.object({ reply: z.string() });
export type ChatCompletionResult = z.infer<typeof ChatCompletionResult>;

export const SpeechToTextInput = z.object({
  audio: z
    .string()
    .min(1, "Please send a recording")
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "The recording must be base64-encoded audio"),
});
export type SpeechToTextInput = z.infer<typeof SpeechToTextInput>;

export const SpeechToTextResult = z.object({ text: z.string() });
export type SpeechToTextResult = z.infer<typeof SpeechToTextResult>;

export const TextToSpeechInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, "Please enter the text to read out")
    .max(SPEECH_TEXT_MAX_LENGTH, `Text to read out can be ${SPEECH_TEXT_MAX_LENGTH} characters at most`),
  voice: z.enum(ASSISTANT_VOICES).default("alloy"),
});
export type TextToSpeechInput = z.input<typeof TextToSpeechInput>;

export const TextToSpeechResult = z.object({ audioContent: z.string() });
export type TextToSpeechResult = z.infer<typeof TextToSpeechResult>;

/** GET /api/assistant: whether voice goes through the AI service or the browser's own speech APIs (decisions D19). */
export const AssistantCapabilities = z.object({
  aiService: z.boolean(),
  voice: z.enum(["service", "browser"]),
});
export type AssistantCapabilities = z.infer<typeof AssistantCapabilities>;
