import { postAuth } from "./auth-request";

/** Password sign-in (spec §7 Auth). Refusals: 401 INVALID_EMAIL_OR_PASSWORD, 403 EMAIL_NOT_VERIFIED, 429. */
export function signInWithEmail(input: { email: string; password: string }): Promise<{ user: { id: string; email: string } }> {
  return postAuth("/sign-in/email", { email: input.email, password: input.password });
}
