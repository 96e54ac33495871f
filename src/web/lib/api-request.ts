/** A refused API request: the HTTP status and our API's {error: {code, message, details}}. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** What the error's `details` said (such as `{ reason }` of a CONFLICT), when it said anything. */
  readonly details: unknown;

  constructor({ status, code, message, details }: { status: number; code?: string; message: string; details?: unknown }) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The `details.reason` a refusal gave (TICKET_TYPE_SOLD, POSTPONE_REQUIRED, …), if any. */
  get reason(): string | undefined {
    const reason = (this.details as { reason?: unknown } | null | undefined)?.reason;
    return typeof reason === "string" ? reason : undefined;
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status alone has to do.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  return new ApiRequestError({
    status: response.status,
    code: typeof error?.code === "string" ? error.code : undefined,
    message: typeof error?.message === "string" && error.message ? error.message : `The request failed (HTTP ${response.status}).`,
    details: error?.details,
  });
}

export interface ApiRequestInit {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (file uploads). */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * Calls our /api with the session cookie; resolves with the JSON reply (undefined for 204 No Content)
 * and throws ApiRequestError when refused.
 */
export async function apiRequest<Result>(path: `/api/${string}`, init: ApiRequestInit = { method: "GET" }): Promise<Result> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method: init.method,
    credentials: "same-origin",
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    signal: init.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return undefined as Result;
  return (await response.json()) as Result;
}
