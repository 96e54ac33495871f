import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file of the web app but tests, with comments removed: what can reach a user's screen. */
function webTexts(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webTexts(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    const source = readFileSync(path, "utf8");
    const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
    return [{ file: path, text }];
  });
}

describe("no provider's name in front of a user (issue 17)", () => {
  it("no web text names an e-mail provider or the dev outbox", () => {
    const offending = webTexts("src/web").filter(({ text }) => /\bbrevo\b|\boutbox\b|via resend|resend via/i.test(text.replace(/"(brevo|resend)"/g, "")));
    expect(offending.map(({ file }) => file)).toEqual([]);
  });
});
