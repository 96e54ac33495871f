import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { renderWithScriptsAfterPaint, scriptsAfterFirstPaint } from "./scripts-after-paint.server";

const moduleSource = 'import * as route0 from "/assets/root.js";\nwindow.__manifest = {"note":"</script><b>"};\nimport("/assets/entry.client.js");';
const html =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/react.js" nonce="n"/><link rel="modulepreload" href="/assets/app.js" nonce="n"/>' +
  '</head><body><p>Café &lt;link rel=&quot;modulepreload&quot;&gt; 🎟️</p><script nonce="n">window.ctx = 1 < 2;</script>' +
  `<script nonce="n" type="module" async="">${moduleSource.replace("</script><b>", "\\u003c/script>\\u003cb>")}</script>` +
  '<script nonce="n">window.ctx = 2;</script></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
}

/** Runs the loader script as a browser would after its first frame; returns what it added to the page, and in which task. */
function runLoader(page: string) {
  const loader = /<script nonce="n">(\(function\(c,p,n\)[\s\S]*?)<\/script>/.exec(page)![1]!;
  const added: Record<string, string | number>[] = [];
  const tasks: (() => void)[] = [];
  let task = 0;
  const element = (tag: string) => ({ tag });
  const document = {
    currentScript: { nonce: "n" },
    createElement: element,
    head: { appendChild: (node: Record<string, string>) => added.push({ ...node, parent: "head", task }) },
    body: { appendChild: (node: Record<string, string>) => added.push({ ...node, parent: "body", task }) },
  };
  runInNewContext(loader, { document, requestAnimationFrame: (run: () => void) => tasks.push(run), setTimeout: (run: () => void) => tasks.push(run) });
  expect(added).toEqual([]);
  for (; tasks.length > 0; task++) tasks.shift()!();
  return added;
}

describe("scriptsAfterFirstPaint", () => {
  it("takes the scripts out of the first paint and leaves the rest of the page as it was", async () => {
    const out = await through([Buffer.from(html)]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(out).toContain("<p>Café &lt;link rel=&quot;modulepreload&quot;&gt; 🎟️</p><script nonce=\"n\">window.ctx = 1 < 2;</script>");
    expect(out).toMatch(/<\/script><script nonce="n">window.ctx = 2;<\/script><\/body><\/html>$/);
    // Nothing inside the loader can end its script early.
    expect(out.match(/<\/script>/g)).toHaveLength(3);
  });

  it("adds the preloads and then the module script, unchanged and with the response's nonce, after the first frame, one per task", async () => {
    const added = runLoader(await through([Buffer.from(html)]));
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/react.js", parent: "head", task: 1 },
      { tag: "link", rel: "modulepreload", href: "/assets/app.js", parent: "head", task: 2 },
      { tag: "script", type: "module", nonce: "n", textContent: moduleSource.replace("</script><b>", "\\u003c/script>\\u003cb>"), parent: "body", task: 3 },
    ]);
  });

  it("finds tags split across chunks at any byte, multi-byte characters included", async () => {
    const bytes = Buffer.from(html);
    const whole = await through([bytes]);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(whole);
    }
    // One byte at a time.
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });
});

describe("renderWithScriptsAfterPaint", () => {
  it("delivers the page with its scripts deferred", async () => {
    const body = new PassThrough();
    renderWithScriptsAfterPaint((destination) => Readable.from([Buffer.from(html)]).pipe(destination), body);
    const page = await text(body);
    expect(runLoader(page).map((node) => node.href ?? node.type)).toEqual(["/assets/react.js", "/assets/app.js", "module"]);
  });

  it("stops rendering, and throws nothing, when the visitor leaves mid-page", async () => {
    // React's side: a page still being written, which stops once its destination is gone.
    let destination: PassThrough | undefined;
    const body = new PassThrough();
    renderWithScriptsAfterPaint((target) => {
      destination = target as PassThrough;
      target.write(html.slice(0, 100));
    }, body);
    const gone = new Promise((resolve) => destination!.once("close", resolve));
    // What the response does when the connection closes early.
    body.destroy(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }));
    await gone;
    expect(destination!.destroyed).toBe(true);
  });

  it("throws nothing when the visitor leaves after the page was rendered but before it was all sent", async () => {
    const body = new PassThrough();
    renderWithScriptsAfterPaint((destination) => destination.end(html), body);
    await new Promise((resolve) => body.once("finish", resolve));
    body.destroy(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }));
    await new Promise((resolve) => body.once("close", resolve));
    expect(body.destroyed).toBe(true);
  });
});
