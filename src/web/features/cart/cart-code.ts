/**
 * The cart's code (issue 37): one buyer's code, kept in a cookie beside the cart's so the cart's loader
 * prices every line with it as checkout will. Set by `/cart?code=X` (the cart's "Have a code?" or a link),
 * and by Add to Cart from an event page priced with a code; `/cart?code=` clears it.
 */
export const CART_CODE_COOKIE = "eventora_code";

/** A code as typed or linked: trimmed, at most 64 characters (the event page's bound); null when empty. */
export function cartCodeText(raw: string | null | undefined): string | null {
  const text = (raw ?? "").trim().slice(0, 64);
  return text === "" ? null : text;
}

/** The code the cookie header keeps, or null. */
export function parseCartCodeCookie(header: string | null | undefined): string | null {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CART_CODE_COOKIE) continue;
    try {
      return cartCodeText(decodeURIComponent(rest.join("=")));
    } catch {
      return null;
    }
  }
  return null;
}

/** The Set-Cookie value keeping a code a month (as the cart), or removing it (null). */
export function cartCodeCookieString(code: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return code === null ? `${CART_CODE_COOKIE}=; Max-Age=0; ${attributes}` : `${CART_CODE_COOKIE}=${encodeURIComponent(code)}; Max-Age=2592000; ${attributes}`;
}

/** How the cart's code stands for the cart's events (the server's answer per event, folded into one line). */
export interface CartCode {
  code: string;
  /** True when it prices a line of at least one event: checkout then sends it. */
  applied: boolean;
  /** "Code QUARTER applied: 25% off", or the refusal in the buyer's words. */
  message: string;
}

type EventCode = { code: string; message: string | null; effectText: string | null } | undefined;

/**
 * One line for the cart from each event's answer, in the cart's order: applied when any event can use it
 * (then naming the events it does not apply to), else the first event's refusal.
 */
export function cartCodeOf(text: string, answers: readonly { title: string; code: EventCode }[]): CartCode {
  const usable = answers.filter((answer) => answer.code && answer.code.message === null);
  if (usable.length === 0) {
    const refusal = answers.find((answer) => answer.code?.message)?.code?.message ?? `No code ${text.toUpperCase()} for these events`;
    return { code: text, applied: false, message: refusal };
  }
  const first = usable[0]!.code!;
  const others = answers.filter((answer) => !usable.includes(answer)).map((answer) => answer.title);
  const rest = others.length ? ` (not for ${others.join(", ")})` : "";
  return { code: first.code, applied: true, message: `Code ${first.code} applied: ${first.effectText ?? ""}${rest}` };
}
