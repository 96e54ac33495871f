import { AUTH_CALLS } from "../lib/auth-calls";
import { postAuth } from "./auth-request";

export async function sendPhoneOtp(input: { phoneNumber: string }): Promise<void> {
  const { path, body } = AUTH_CALLS.sendPhoneOtp(input);
  await postAuth(path, body);
}
