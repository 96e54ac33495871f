import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompressSync, constants as zlib, crc32, deflateRaw, gzip } from "node:zlib";

// On libuv's thread pool: a miss under a rush compresses its page beside the event loop, not on it.
const deflateRawAsync = promisify(deflateRaw);
const gzipAsync = promisify(gzip);

/**
 * A response body kept for serving again: its bytes with the script nonce it was rendered with, where
 * that nonce sits, and its gzip form in pieces cut at the nonces (decision on CSP nonces, issue 21).
 *
 * Every response carries a fresh nonce (decision 010), so a stored page cannot be sent as it is: the
 * nonce it was rendered with is overwritten at its known places by the response's own (both are 16
 * random bytes in base64, so the length never changes). Compressing the whole page again on every hit
 * would cost more than the rest of the hit, so the gzip form is kept as the deflate blocks of the text
 * between the nonces, each compressed on its own (no back-reference can reach into a nonce), joined per
 * response with the response's nonces as stored blocks, and closed with the CRC of the bytes sent.
 */
export interface CachedBody {
  /** The bytes with the rendering's own nonce in them. */
  raw: Buffer;
  /** The rendering's nonce (the bytes to overwrite), or null when the body has none (JSON). */
  nonce: Buffer | null;
  /** Byte offsets of every occurrence of `nonce` in `raw`. */
  nonceAt: number[];
  /** The gzip form: for a body without nonces one whole gzip member; else deflate pieces between nonces. */
  gzip: Buffer | Buffer[];
  /** A body without nonces may keep its brotli form too (made once, on first demand). */
  brotli?: Buffer;
  /** Strong validator of the content: a hash of the bytes with the nonce left out, quoted. */
  etag: string;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** The last block: empty, stored, final. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const GZIP_LEVEL = 6;

function offsetsOf(haystack: Buffer, needle: Buffer): number[] {
  const at: number[] = [];
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

/** The pieces of `raw` between the nonces (one more than there are nonces). */
function piecesBetween(raw: Buffer, nonceAt: number[], nonceLength: number): Buffer[] {
  const pieces: Buffer[] = [];
  let from = 0;
  for (const at of nonceAt) {
    pieces.push(raw.subarray(from, at));
    from = at + nonceLength;
  }
  pieces.push(raw.subarray(from));
  return pieces;
}

export async function cacheBody(raw: Buffer, nonceText: string | null): Promise<CachedBody> {
  const nonce = nonceText ? Buffer.from(nonceText) : null;
  const nonceAt = nonce ? offsetsOf(raw, nonce) : [];
  const pieces = nonce ? piecesBetween(raw, nonceAt, nonce.length) : [raw];
  const hash = createHash("sha256");
  for (const piece of pieces) hash.update(piece).update("\0nonce\0");
  const etag = `"${hash.digest("base64url").slice(0, 27)}"`;
  // Byte-aligned, non-final blocks: each piece compressed alone, so pieces can be joined in any stream.
  const compressed = nonceAt.length
    ? await Promise.all(pieces.map((piece) => (piece.length ? deflateRawAsync(piece, { level: GZIP_LEVEL, finishFlush: zlib.Z_SYNC_FLUSH }) : Buffer.alloc(0))))
    : await gzipAsync(raw, { level: GZIP_LEVEL });
  return { raw, nonce, nonceAt, gzip: compressed, etag };
}

/** The body with `nonce` (same length as the rendering's) in place of the rendering's nonce. */
export function identityBody(body: CachedBody, nonce: string): Buffer {
  if (!body.nonce || body.nonceAt.length === 0) return body.raw;
  const fresh = Buffer.from(nonce);
  if (fresh.length !== body.nonce.length) throw new Error("A page's nonce must keep its length.");
  const out = Buffer.from(body.raw);
  for (const at of body.nonceAt) fresh.copy(out, at);
  return out;
}

/** A stored (uncompressed), non-final deflate block holding `bytes` (under 64 KiB). */
function storedBlock(bytes: Buffer): Buffer {
  const block = Buffer.alloc(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The gzip form of the body as `identityBody(body, nonce)` would be, without compressing it again. */
export function gzipBody(body: CachedBody, nonce: string): Buffer {
  if (!Array.isArray(body.gzip)) return body.gzip;
  const fresh = Buffer.from(nonce);
  const nonceBlock = storedBlock(fresh);
  const raw = piecesBetween(body.raw, body.nonceAt, body.nonce!.length);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  for (let i = 0; i < body.gzip.length; i++) {
    parts.push(body.gzip[i]!);
    crc = crc32(raw[i]!, crc);
    if (i < body.nonceAt.length) {
      parts.push(nonceBlock);
      crc = crc32(fresh, crc);
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(body.raw.length >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** The brotli form of a body without nonces, made on first demand and kept. */
export function brotliBody(body: CachedBody): Buffer | null {
  if (body.nonceAt.length) return null;
  body.brotli ??= brotliCompressSync(body.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.raw.length } });
  return body.brotli;
}

/** Bytes an entry holds, for the cache's bound. */
export function bodyBytes(body: CachedBody): number {
  const gzip = Array.isArray(body.gzip) ? body.gzip.reduce((sum, piece) => sum + piece.length, 0) : body.gzip.length;
  // The brotli form, if made later, is at most about the gzip form's size: counted ahead.
  return body.raw.length + gzip * 2 + 256;
}
