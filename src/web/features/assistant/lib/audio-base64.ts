import { AUDIO_CHUNK_BYTES } from "@domain";

/**
 * Base64 of a recording, built 32768 bytes at a time (spec §9 E-mail and assistant): a whole
 * recording passed to String.fromCharCode at once would overflow the call stack.
 */
export function bytesToBase64(bytes: Uint8Array, chunkBytes: number = AUDIO_CHUNK_BYTES): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + chunkBytes));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Recording formats in order of preference: webm/Opus (spec), then what Safari records. */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];

/** The first recording type the browser supports, or undefined to let MediaRecorder choose. */
export function pickRecordingType(isSupported: (type: string) => boolean): string | undefined {
  return RECORDING_TYPES.find((type) => isSupported(type));
}
