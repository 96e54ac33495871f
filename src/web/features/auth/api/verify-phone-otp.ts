import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function verifyPhoneOtp(input: { phoneNumber: string; code: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.verifyPhoneOtp(input);
  await postAuth(path, body);
}
