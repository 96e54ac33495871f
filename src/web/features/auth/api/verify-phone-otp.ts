import { postAuth } from "./auth-request";

/** Signs in with the code texted by sendPhoneOtp. */
export async function verifyPhoneOtp(input: { phoneNumber: string; code: string }): Promise<void> {
  await postAuth("/phone-number/verify", { phoneNumber: input.phoneNumber, code: input.code });
}
