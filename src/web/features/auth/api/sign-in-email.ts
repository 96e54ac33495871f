import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export function signInWithEmail(input: { email: string; password: string }): Promise<{ user: { id: string; email: string } }> {
  const { path, body } = AUTH_CALLS.signInEmail(input);
  return postAuth(path, body);
}
