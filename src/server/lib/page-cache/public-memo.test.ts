import { describe, expect, it, vi } from "vitest";
import { createPublicMemo } from "./public-memo";

describe("the public memo (values shared by public answers)", () => {
  it("keeps nothing until its node hears changes, then keeps a value for the TTL", () => {
    let clock = 1_000;
    const memo = createPublicMemo({ now: () => clock });
    memo.keep("figures", { total: 3 }, memo.generation);
    expect(memo.peek("figures")).toBeUndefined();
    memo.setOpen(true, 10_000);
    memo.keep("figures", { total: 3 }, memo.generation);
    expect(memo.peek("figures")).toEqual({ total: 3 });
    clock += 9_999;
    expect(memo.peek("figures")).toEqual({ total: 3 });
    clock += 1;
    expect(memo.peek("figures")).toBeUndefined();
  });

  it("drops everything on a change, and never keeps a value read before a change", () => {
    const memo = createPublicMemo();
    memo.setOpen(true, 10_000);
    memo.keep("a", 1, memo.generation);
    const readBefore = memo.generation;
    memo.invalidate();
    expect(memo.peek("a")).toBeUndefined();
    memo.keep("b", 2, readBefore);
    expect(memo.peek("b")).toBeUndefined();
    memo.keep("b", 2, memo.generation);
    expect(memo.peek("b")).toBe(2);
    memo.setOpen(false);
    expect(memo.peek("b")).toBeUndefined();
  });

  it("is bounded: the oldest kept value goes first", () => {
    const memo = createPublicMemo({ maxEntries: 2 });
    memo.setOpen(true, 10_000);
    for (const key of ["a", "b", "c"]) memo.keep(key, key, memo.generation);
    expect([memo.peek("a"), memo.peek("b"), memo.peek("c")]).toEqual([undefined, "b", "c"]);
  });

  it("a TTL of 0 (the page cache off) keeps nothing", () => {
    const memo = createPublicMemo();
    memo.setOpen(true, 0);
    memo.keep("a", 1, memo.generation);
    expect(memo.peek("a")).toBeUndefined();
  });
});

describe("the registry of public changes", () => {
  it("is one per process, however many copies of its module are loaded (the app's bundle and the pages' build)", async () => {
    const db = {} as Parameters<typeof import("./invalidation").publicMemoOf>[0];
    const first = await import("./invalidation");
    vi.resetModules();
    const second = await import("./invalidation");
    expect(second).not.toBe(first);
    expect(second.publicMemoOf(db)).toBe(first.publicMemoOf(db));
  });
});
