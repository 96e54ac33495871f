import { describe, expect, it } from "vitest";
import { AUDIO_CHUNK_BYTES } from "@domain";
import { base64ToBytes, bytesToBase64, pickRecordingType } from "./audio-base64";

describe("recording base64 (spec §9: 32768-byte chunks)", () => {
  it("encodes exactly like Buffer, across chunk boundaries", () => {
    for (const length of [0, 1, 2, 3, AUDIO_CHUNK_BYTES - 1, AUDIO_CHUNK_BYTES, AUDIO_CHUNK_BYTES + 1, 3 * AUDIO_CHUNK_BYTES + 5]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);
      expect(bytesToBase64(bytes), `length ${length}`).toBe(Buffer.from(bytes).toString("base64"));
    }
  });

  it("uses 32768-byte chunks by default, which a big recording needs", () => {
    const big = new Uint8Array(2 * 1024 * 1024).fill(200);
    expect(bytesToBase64(big)).toBe(Buffer.from(big).toString("base64"));
    // The chunking only bounds each String.fromCharCode call: any chunk size gives the same text.
    expect(bytesToBase64(big.subarray(0, 99_999), 3)).toBe(bytesToBase64(big.subarray(0, 99_999)));
  });

  it("decodes what it encodes", () => {
    const bytes = Uint8Array.from([0, 255, 1, 254, 128]);
    expect([...base64ToBytes(bytesToBase64(bytes))]).toEqual([...bytes]);
  });

  it("prefers webm/Opus and falls back to what the browser records", () => {
    expect(pickRecordingType(() => true)).toBe("audio/webm;codecs=opus");
    expect(pickRecordingType((type) => type === "audio/mp4")).toBe("audio/mp4");
    expect(pickRecordingType(() => false)).toBeUndefined();
  });
});
