import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export function signUpWithEmail(input: { email: string; password: string; dateOfBirth: string }): Promise<{ token: string | null }> {
  const { path, body } = AUTH_CALLS.signUpEmail(input);
  return postAuth(path, body);
}
