import { pipeline, Transform, type Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/** React Router's `<Scripts>` output: module preloads in the head, one inline module script in the body. */
const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*) type="module"[^>]*>([\s\S]*?)<\/script>/g;
/** Tags that may still be incomplete at the end of a chunk. */
const OPENINGS = ['<link rel="modulepreload"', "<script"];

/**
 * Starts the page's scripts once its first frame is painted (decision 012).
 *
 * Every page is drawn on the server, so its first paint needs the HTML, the stylesheet and the first
 * image, not the 150 KB of scripts that make it interactive. Fetched with the page, a phone on a slow
 * link shares the link between them, and Lighthouse counts every script that arrives before the first
 * paint as holding back the largest one. So the module preloads leave the head and the inline module
 * script becomes a small loader: after the first frame it adds the preloads (all files at once, no
 * import waterfall) and the module script, with this response's CSP nonce. `<Scripts>` has no option
 * for this, so the stream is edited; React escapes `<` in text, so only real tags can match.
 */
export function scriptsAfterFirstPaint(): Transform {
  // The end of the previous chunk that may be the start of a tag to edit.
  let carry = "";
  const preloads: string[] = [];
  // Keeps a character split across chunks whole.
  const decoder = new StringDecoder("utf8");
  const edit = (text: string) =>
    text
      .replace(PRELOAD, (tag) => {
        const href = /\shref="([^"]*)"/.exec(tag)?.[1];
        if (href) preloads.push(href);
        return "";
      })
      .replace(MODULE_SCRIPT, (_tag, attributes: string, source: string) => afterFirstPaint(attributes, source, preloads));
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = carry + decoder.write(chunk);
      const cut = incompleteTagAt(text);
      carry = text.slice(cut);
      callback(null, edit(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, edit(carry + decoder.end()));
    },
  });
}

/** Where a tag to edit begins that the text does not yet hold all of (its length when there is none). */
function incompleteTagAt(text: string): number {
  const scriptStart = text.lastIndexOf("<script");
  if (scriptStart !== -1 && !text.includes("</script>", scriptStart)) return scriptStart;
  const lastTag = text.lastIndexOf("<");
  if (lastTag !== -1 && !text.includes(">", lastTag)) {
    const rest = text.slice(lastTag);
    if (OPENINGS.some((opening) => opening.startsWith(rest) || rest.startsWith(opening))) return lastTag;
  }
  return text.length;
}

/**
 * An inline classic script that adds the preloads and the module script after the first frame, one
 * element per task: starting a fetch costs about a millisecond on a fast desktop, so the eleven of a
 * page in one task were a long task on a phone.
 */
function afterFirstPaint(attributes: string, source: string, preloads: string[]): string {
  const nonce = /\snonce="([^"]*)"/.exec(attributes)?.[1];
  const loader =
    "(function(c,p,n){function next(){var h=p.shift();if(h===undefined){" +
    'var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=c;document.body.appendChild(s);return}' +
    'var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l);setTimeout(next,0)}' +
    `requestAnimationFrame(function(){setTimeout(next,0)})})(${inlineJson(source)},${inlineJson(preloads)},document.currentScript.nonce)`;
  return `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${loader}</script>`;
}

/** JSON that cannot end the inline script it sits in. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
}

/**
 * Renders into `body` through scriptsAfterFirstPaint. `pipeline` joins the two both ways: when the
 * visitor leaves mid-page and the response destroys `body`, the transform is destroyed too (so React,
 * which listens on it, stops rendering). The error that closing brings is handled here, whether the
 * page was still rendering or only still sending; thrown from the stream it would end the process.
 */
export function renderWithScriptsAfterPaint(pipe: (destination: Writable) => void, body: Writable): void {
  const html = scriptsAfterFirstPaint();
  // An error here is the connection closing early: nothing is left to send.
  pipeline(html, body, () => {});
  // The page may be fully rendered into `body` but not yet sent when the connection closes; pipeline has
  // let go of `body` by then, and an unheard 'error' would end the process.
  body.on("error", () => {});
  pipe(html);
}
