import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function requestPasswordReset(input: { email: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.requestPasswordReset(input);
  await postAuth(path, body);
}
