/** A refused API request: the HTTP status and our API's {error: {code, message}}. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor({ status, code, message }: { status: number; code?: string; message: string }) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
  }
}

async function errorFrom(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status alone has to do.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return new ApiRequestError({
    status: response.status,
    code: typeof error?.code === "string" ? error.code : undefined,
    message: typeof error?.message === "string" && error.message ? error.message : `The request failed (HTTP ${response.status}).`,
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
