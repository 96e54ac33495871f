import { z } from "zod";
import { ASSISTANT_VOICES, CHAT_MESSAGE_MAX_LENGTH, SPEECH_TEXT_MAX_LENGTH } from "./assistant";

/** The assistant's server functions' inputs and answers (the server checks them; the browser only types them). */

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
