/** A refused auth request: the HTTP status and the auth server's {code, message}. */
export class AuthRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor({ status, code, message }: { status: number; code?: string; message: string }) {
    super(message);
    this.name = "AuthRequestError";
    this.status = status;
    this.code = code;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** Reads the error of a refused request; the auth server sends {code, message}, our API {error: {code, message}}. */
export function authErrorFromBody(status: number, body: unknown): AuthRequestError {
  const outer = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const inner = typeof outer.error === "object" && outer.error !== null ? (outer.error as Record<string, unknown>) : outer;
  const message = text(inner.message) ?? text(outer.message) ?? (typeof body === "string" ? text(body) : undefined);
  return new AuthRequestError({
    status,
    code: text(inner.code) ?? text(outer.code),
    message: message ?? `The request failed (HTTP ${status}).`,
  });
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * POSTs JSON to one of the auth server's endpoints under /api/auth. Resolves with the response body,
 * throws AuthRequestError when refused; a network failure rejects with the browser's own error.
 */
export async function postAuth<Result>(path: `/${string}`, body: Record<string, unknown> = {}): Promise<Result> {
  const response = await fetch(`/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
  const payload = await readBody(response);
  if (!response.ok) throw authErrorFromBody(response.status, payload);
  return payload as Result;
}
