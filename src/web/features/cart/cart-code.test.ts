import { expect, test } from "vitest";
import { cartCodeCookieString, cartCodeOf, cartCodeText, parseCartCodeCookie } from "./cart-code";

test("the cart's code cookie keeps a code, and an empty one clears it", () => {
  expect(cartCodeCookieString("Quarter 25", false)).toBe("eventora_code=Quarter%2025; Max-Age=2592000; Path=/; SameSite=Lax");
  expect(cartCodeCookieString(null, true)).toBe("eventora_code=; Max-Age=0; Path=/; SameSite=Lax; Secure");
  expect(parseCartCodeCookie("eventora_cart=a:1; eventora_code=Quarter%2025")).toBe("Quarter 25");
  expect(parseCartCodeCookie("eventora_code=")).toBeNull();
  expect(parseCartCodeCookie("eventora_code=%E0%A4%A")).toBeNull();
  expect(parseCartCodeCookie(null)).toBeNull();
  expect(cartCodeText("  ")).toBeNull();
  expect(cartCodeText("x".repeat(80))).toHaveLength(64);
});

test("the cart's line about its code: applied when any event can use it, naming those it is not for; else the first refusal", () => {
  const ok = { code: "QUARTER", message: null, effectText: "25% off" };
  const notFound = { code: "QUARTER", message: "No code QUARTER for this event", effectText: null };
  expect(cartCodeOf("quarter", [{ title: "Jazz", code: ok }])).toEqual({ code: "QUARTER", applied: true, message: "Code QUARTER applied: 25% off" });
  expect(cartCodeOf("quarter", [{ title: "Jazz", code: ok }, { title: "Folk", code: notFound }])).toEqual({ code: "QUARTER", applied: true, message: "Code QUARTER applied: 25% off (not for Folk)" });
  expect(cartCodeOf("quarter", [{ title: "Folk", code: notFound }])).toEqual({ code: "quarter", applied: false, message: "No code QUARTER for this event" });
  expect(cartCodeOf("gone", [])).toEqual({ code: "gone", applied: false, message: "No code GONE for these events" });
});
