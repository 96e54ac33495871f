/**
 * How deeply arrays and objects may sit inside one another in a request body. No field of ours nests
 * more than a few levels; the NUL-character walk (and anything else that recurses over a body) would
 * overflow the stack on thousands, a 500 (issue 16). One limit for every route, better-auth's included.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests arrays and objects more than `limit` levels deep; never recurses. */
export function jsonDepthExceeds(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) {
      if (typeof child === "object" && child !== null) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** The message for a value over the limit, naming where it came from ('request body', "field 'event'"). */
export function tooDeepMessage(where: string): string {
  return `The ${where} is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects are allowed.`;
}
