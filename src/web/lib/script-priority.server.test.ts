import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads, renderWithLowPriorityPreloads } from "./script-priority.server";

const html =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/react.js" nonce="n"/><link rel="modulepreload" href="/assets/app.js" nonce="n"/>' +
  "</head><body><p>Café &lt;link rel=&quot;modulepreload&quot;&gt; 🎟️</p></body></html>";

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityScriptPreloads()));
}

describe("lowPriorityScriptPreloads", () => {
  it("marks every script preload low priority and leaves the rest of the page as it was", async () => {
    const out = await through([Buffer.from(html)]);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(out.replaceAll(' fetchpriority="low"', "")).toBe(html);
  });

  it("finds a tag split across chunks at any byte, multi-byte characters included", async () => {
    const bytes = Buffer.from(html);
    const whole = await through([bytes]);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(whole);
    }
    // One byte at a time.
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(whole);
  });
});

describe("renderWithLowPriorityPreloads", () => {
  it("delivers the page with its preloads marked", async () => {
    const body = new PassThrough();
    renderWithLowPriorityPreloads((destination) => Readable.from([Buffer.from(html)]).pipe(destination), body);
    expect(await text(body)).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/react.js"');
  });

  it("stops rendering, and throws nothing, when the visitor leaves mid-page", async () => {
    // React's side: a page still being written, which stops once its destination is gone.
    let destination: PassThrough | undefined;
    const body = new PassThrough();
    renderWithLowPriorityPreloads((target) => {
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
    renderWithLowPriorityPreloads((destination) => destination.end(html), body);
    await new Promise((resolve) => body.once("finish", resolve));
    body.destroy(Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" }));
    await new Promise((resolve) => body.once("close", resolve));
    expect(body.destroyed).toBe(true);
  });
});
