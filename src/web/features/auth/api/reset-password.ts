import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.resetPassword(input);
  await postAuth(path, body);
}
