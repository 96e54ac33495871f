import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityScriptPreloads } from "./script-priority.server";

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
