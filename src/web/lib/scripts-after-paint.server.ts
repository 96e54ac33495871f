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
export function scriptsAfterFirstPaint(start: ScriptStart = "after-paint"): Transform {
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
      .replace(MODULE_SCRIPT, (_tag, attributes: string, source: string) => loaderScript(start, attributes, source, preloads));
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
 * When the scripts start: one frame after the first paint (decision 012), or when the visitor first reaches
 * for something that needs them (decision 039, `HYDRATE_ON_INTERACTION` in lib/hydration.ts).
 */
export type ScriptStart = "after-paint" | "on-interaction";

/**
 * Adds the preloads and then the module script, one element per task: starting a fetch costs about a
 * millisecond on a fast desktop, so the eleven of a page in one task were a long task on a phone.
 */
const ADD_SCRIPTS =
  "function next(){var h=p.shift();if(h===undefined){" +
  'var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=c;document.body.appendChild(s);return}' +
  'var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l);setTimeout(next,0)}';

const START_AFTER_PAINT = "requestAnimationFrame(function(){setTimeout(next,0)})";

/**
 * Starts the scripts at the first of: a press, focus or click on a control (a link is not one: it navigates
 * without scripts), any key, or an element marked `data-hydrate-near` (content only scripts draw) coming
 * within 300 px of the screen. A click on a button that has no action of its own (`type="button"` or outside a form, or
 * `role="button"` on anything but a link) before the page is hydrated is clicked again once it is, so the
 * first tap on Add to Cart or the menu is not lost; a submit button's form posts as it does without scripts
 * (decision 017). Hydration is known by `<html data-hydrated="true">` (root.tsx); until then, once started,
 * `<html data-hydrating>` lets the style sheet show that the tap was taken.
 */
const START_ON_INTERACTION =
  'var d=document,r=d.documentElement,go=0,tap=null,T=["pointerdown","focusin","click","keydown"],' +
  'K="button,input,select,textarea,[role=button],[data-hydrate]",' +
  'near="IntersectionObserver"in window?new IntersectionObserver(function(es){for(var i=0;i<es.length;i++)if(es[i].isIntersecting)start()},{rootMargin:"300px 0px"}):null;' +
  "function start(){if(go)return;go=1;if(near)near.disconnect();r.dataset.hydrating=\"\";setTimeout(next,0)}" +
  'function on(e){var t=e.target,k=e.type=="keydown"?t:t&&t.closest&&t.closest(K);if(!k)return;start();' +
  'if(e.type=="click"&&(k.tagName=="BUTTON"?k.type=="button"||!k.form:k.tagName!="A"&&k.getAttribute("role")=="button"))tap=k}' +
  "function off(){for(var i=0;i<T.length;i++)d.removeEventListener(T[i],on,true)}" +
  "for(var i=0;i<T.length;i++)d.addEventListener(T[i],on,true);" +
  'if(near)d.querySelectorAll("[data-hydrate-near]").forEach(function(e){near.observe(e)});' +
  'new MutationObserver(function(_,o){if(r.dataset.hydrated!=="true")return;o.disconnect();off();var k=tap;tap=null;if(k&&k.isConnected)k.click()})' +
  '.observe(r,{attributes:true,attributeFilter:["data-hydrated"]});';

/** The inline classic script that stands for React Router's module script, with this response's CSP nonce. */
function loaderScript(start: ScriptStart, attributes: string, source: string, preloads: string[]): string {
  const nonce = /\snonce="([^"]*)"/.exec(attributes)?.[1];
  const loader =
    `(function(c,p,n){${ADD_SCRIPTS}${start === "after-paint" ? START_AFTER_PAINT : START_ON_INTERACTION}})` +
    `(${inlineJson(source)},${inlineJson(preloads)},document.currentScript.nonce)`;
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
export function renderWithScriptsAfterPaint(pipe: (destination: Writable) => void, body: Writable, start: ScriptStart = "after-paint"): void {
  const html = scriptsAfterFirstPaint(start);
  // An error here is the connection closing early: nothing is left to send.
  pipeline(html, body, () => {});
  // The page may be fully rendered into `body` but not yet sent when the connection closes; pipeline has
  // let go of `body` by then, and an unheard 'error' would end the process.
  body.on("error", () => {});
  pipe(html);
}
