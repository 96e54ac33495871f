import { RECOVERY_PATH } from "../lib/auth-url-state";
import { postAuth } from "./auth-request";

/** E-mails a password-reset link that lands on /auth?type=recovery&token=… (spec §7 Auth). */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await postAuth("/request-password-reset", { email: input.email, redirectTo: RECOVERY_PATH });
}
