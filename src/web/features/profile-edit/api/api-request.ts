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

/** Calls our /api with the session cookie; resolves with the JSON reply, throws ApiRequestError when refused. */
export async function apiRequest<Result>(path: `/api/${string}`, init: { method: "PUT" | "POST"; json?: unknown; form?: FormData }): Promise<Result> {
  const response = await fetch(path, {
    method: init.method,
    credentials: "same-origin",
    headers: init.form ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: init.form ?? JSON.stringify(init.json ?? {}),
  });
  if (!response.ok) throw await errorFrom(response);
  return (await response.json()) as Result;
}
