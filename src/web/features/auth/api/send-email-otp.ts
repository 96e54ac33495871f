import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function sendEmailOtp(input: { email: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.sendEmailOtp(input);
  await postAuth(path, body);
}
