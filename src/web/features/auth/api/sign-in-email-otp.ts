import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function signInWithEmailOtp(input: { email: string; otp: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.signInEmailOtp(input);
  await postAuth(path, body);
}
