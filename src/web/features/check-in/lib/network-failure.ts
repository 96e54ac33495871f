import { ApiRequestError } from "~/lib/api-request";

/**
 * True when the server could not be reached (fetch rejects with a TypeError when offline, a request
 * gave up waiting, or a proxy answers that the app is unreachable), as opposed to the server refusing it.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 502 || error.status === 503 || error.status === 504;
  if (error instanceof DOMException) return error.name === "TimeoutError" || error.name === "AbortError";
  return error instanceof TypeError;
}
