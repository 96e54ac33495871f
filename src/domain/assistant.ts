/**
 * The limits of the assistant's server functions (spec §7 Server functions: chat-completion,
 * speech-to-text, text-to-speech), shared by both sides; their shapes are in assistant-shapes.ts.
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
