import { ApiRequestError } from "~/lib/api-request";

/**
 * True when the server could not be reached (fetch rejects with a TypeError when offline, or a proxy
 * answers that the app is unreachable), as opposed to the server refusing the request.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}
