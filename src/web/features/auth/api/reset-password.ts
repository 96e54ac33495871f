import { postAuth } from "./auth-request";

/** Sets a new password with the token from a reset link. */
export async function resetPassword(input: { newPassword: string; token: string }): Promise<void> {
  await postAuth("/reset-password", { newPassword: input.newPassword, token: input.token });
}
