import { postAuth } from "./auth-request";

/** Signs in with the code e-mailed by sendEmailOtp; 400 INVALID_OTP when wrong or expired. */
export async function signInWithEmailOtp(input: { email: string; otp: string }): Promise<void> {
  await postAuth("/sign-in/email-otp", { email: input.email, otp: input.otp });
}
