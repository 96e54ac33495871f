/**
 * The container of a recording, read from its first bytes: browsers record webm (Chrome, Firefox,
 * Edge) or mp4 (Safari) whatever the spec's "webm" says, and the transcription service needs to know which.
 */
export function sniffAudioType(audio: Buffer): string | null {
  if (audio.length < 12) return null;
  if (audio.readUInt32BE(0) === 0x1a45dfa3) return "audio/webm";
  if (audio.toString("latin1", 0, 4) === "OggS") return "audio/ogg";
  if (audio.toString("latin1", 4, 8) === "ftyp") return "audio/mp4";
  if (audio.toString("latin1", 0, 4) === "RIFF" && audio.toString("latin1", 8, 12) === "WAVE") return "audio/wav";
  if (audio.toString("latin1", 0, 3) === "ID3" || (audio[0] === 0xff && (audio[1]! & 0xe0) === 0xe0)) return "audio/mpeg";
  return null;
}
