import { postAuth } from "./auth-request";

/** Texts a one-time sign-in code to a phone number in E.164 form. */
export async function sendPhoneOtp(input: { phoneNumber: string }): Promise<void> {
  await postAuth("/phone-number/send-otp", { phoneNumber: input.phoneNumber });
}
