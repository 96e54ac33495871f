import { describe, expect, it, vi } from "vitest";
import { oncePerKey } from "./once-per-key";

describe("oncePerKey", () => {
  it("asks once for the same key, however often it is called", async () => {
    const run = vi.fn(async (key: string) => ({ ok: true, key }));
    const verify = oncePerKey(run, (result) => result.ok);
    const [first, second] = await Promise.all([verify("cs_1"), verify("cs_1")]);
    expect(first).toBe(second);
    await verify("cs_1");
    expect(run).toHaveBeenCalledTimes(1);
    await verify("cs_2");
    expect(run).toHaveBeenCalledTimes(2);
  });
  it("asks again after a failed answer or an exception", async () => {
    let calls = 0;
    const verify = oncePerKey(async () => ({ ok: ++calls > 1 }), (result) => result.ok);
    expect((await verify("cs_1")).ok).toBe(false);
    expect((await verify("cs_1")).ok).toBe(true);
    expect((await verify("cs_1")).ok).toBe(true);
    expect(calls).toBe(2);

    const throwing = vi.fn(async () => {
      throw new Error("down");
    });
    const guarded = oncePerKey(throwing, () => true);
    await expect(guarded("x")).rejects.toThrow("down");
    await expect(guarded("x")).rejects.toThrow("down");
    expect(throwing).toHaveBeenCalledTimes(2);
  });
});
