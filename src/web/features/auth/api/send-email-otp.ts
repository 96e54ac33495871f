import { postAuth } from "./auth-request";

/** E-mails a one-time sign-in code. Never creates an account (spec §5 OTP). */
export async function sendEmailOtp(input: { email: string }): Promise<void> {
  await postAuth("/email-otp/send-verification-otp", { email: input.email, type: "sign-in" });
}
