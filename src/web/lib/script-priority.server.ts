import { pipeline, Transform, type Writable } from "node:stream";
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

/**
 * Renders into `body` through lowPriorityScriptPreloads. `pipeline` joins the two both ways: when the
 * visitor leaves mid-page and the response destroys `body`, the transform is destroyed too (so React,
 * which listens on it, stops rendering). The error that closing brings is handled here, whether the
 * page was still rendering or only still sending; thrown from the stream it would end the process.
 */
export function renderWithLowPriorityPreloads(pipe: (destination: Writable) => void, body: Writable): void {
  const html = lowPriorityScriptPreloads();
  // An error here is the connection closing early: nothing is left to send.
  pipeline(html, body, () => {});
  // The page may be fully rendered into `body` but not yet sent when the connection closes; pipeline has
  // let go of `body` by then, and an unheard 'error' would end the process.
  body.on("error", () => {});
  pipe(html);
}
