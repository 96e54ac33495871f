import { describe, expect, it } from "vitest";
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
