import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks React Router's script preloads `fetchpriority="low"` in the streamed HTML (decision 012).
 *
 * Every page is drawn on the server, so its first paint needs the HTML, the stylesheet and the first
 * image, not the scripts that make it interactive. At their default high priority a phone on HTTP/1.1
 * fetches 150 KB of scripts alongside the stylesheet and the image; at low priority the browser fetches
 * those first and the scripts right after. `<Scripts>` has no option for this, so the stream is edited;
 * React escapes `<` in text, so only real tags can match.
 */
export function lowPriorityScriptPreloads(): Transform {
  // The end of the previous chunk that could be the start of a tag split across chunks.
  let carry = "";
  // Keeps a character split across chunks whole.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = (carry + decoder.write(chunk)).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD);
      const keep = partialTagAtEnd(text);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep));
    },
    flush(callback) {
      callback(null, (carry + decoder.end()).replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD));
    },
  });
}

/** How many characters at the end of `text` could begin PRELOAD. */
function partialTagAtEnd(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
