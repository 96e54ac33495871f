/** How `npm run budgets` turns one visit's requests into a page's figures (scripts/budgets.ts says what each is). */
import { gzipSync } from "node:zlib";
import type { Figure, PageFigures } from "./budgets";

export interface RecordedRequest {
  url: string;
  /** Chromium marked it render-blocking (see `PageFigures.renderBlocking`). */
  renderBlocking: boolean;
  mimeType?: string;
  /** The response's HTTP status (undefined when no response came). */
  status?: number;
  /** The body as the page received it, decoded (undefined when the request failed). */
  body?: Buffer;
  /** Why DevTools could not give the body of a response that arrived. */
  bodyError?: string;
}

/** Statuses whose responses have no body by definition: redirects, No Content, Not Modified. */
const bodyless = (status: number | undefined) => status === 204 || status === 205 || status === 304 || (status !== undefined && status >= 300 && status < 400);

/**
 * Responses that arrived with a body DevTools could not read: counted as 0 bytes they would hide what the
 * page weighs, so the gate names them instead. Redirects, 204s and 304s have no body to read.
 */
export function unreadableBodies(requests: readonly RecordedRequest[]): string[] {
  return requests.filter((request) => request.bodyError !== undefined && !bodyless(request.status)).map((request) => `${request.url} (${request.status}: ${request.bodyError})`);
}

/** The barcode decoder's JavaScript chunk (vite.config.ts), counted with its WebAssembly as `decoderBytes`. */
const DECODER_SCRIPT = /\/assets\/barcode-decoder-[^/]*\.js$/;

const gzipped = (body: Buffer | undefined) => (body ? gzipSync(body, { level: 9 }).length : 0);

/**
 * The byte, request and render-blocking figures of one visit's requests, the document first. The first
 * render-blocking style sheet is the critical one and is allowed; every other render-blocking request is
 * named in `blocking`. `files` lists what each byte figure is made of.
 */
export function figuresOf(requests: readonly RecordedRequest[]): { figures: Omit<PageFigures, "domElements" | "interactiveJsBytes">; blocking: string[]; files: { path: string; figure: Figure; bytes: number }[] } {
  const figures = { jsBytes: 0, decoderBytes: 0, cssBytes: 0, imageBytes: 0, fontBytes: 0, htmlBytes: 0, requests: requests.length, renderBlocking: 0 };
  const blocking: string[] = [];
  const files: { path: string; figure: Figure; bytes: number }[] = [];
  let criticalStylesheet = false;
  for (const [i, request] of requests.entries()) {
    const mime = request.mimeType ?? "";
    const path = new URL(request.url).pathname;
    const figure: Figure | null =
      i === 0 ? "htmlBytes"
      : path.endsWith(".wasm") || mime === "application/wasm" || DECODER_SCRIPT.test(path) ? "decoderBytes"
      : mime.includes("javascript") ? "jsBytes"
      : mime === "text/css" ? "cssBytes"
      : mime.startsWith("image/") ? "imageBytes"
      : mime.includes("font") ? "fontBytes"
      : null;
    if (figure) {
      // Code and text are counted gzipped; images and fonts are compressed already.
      const bytes = figure === "imageBytes" || figure === "fontBytes" ? (request.body?.length ?? 0) : gzipped(request.body);
      figures[figure] += bytes;
      files.push({ path, figure, bytes });
    }
    if (!request.renderBlocking) continue;
    if (mime === "text/css" && !criticalStylesheet) criticalStylesheet = true;
    else blocking.push(new URL(request.url).pathname);
  }
  figures.renderBlocking = blocking.length;
  return { figures, blocking, files };
}
