import { paths } from "~/paths";
import { postAuth } from "./auth-request";

/**
 * Creates an account (spec §7 Auth: e-mail, password, date of birth; the confirmation link leads back to
 * /auth). The reply is the same for an address already registered, so it never reveals who has an account.
 */
export function signUpWithEmail(input: { email: string; password: string; dateOfBirth: string }): Promise<{ token: string | null }> {
  return postAuth("/sign-up/email", {
    email: input.email,
    password: input.password,
    // The auth server requires a name; the profile's display name is set later on /profile/edit.
    name: input.email.split("@")[0] ?? input.email,
    dateOfBirth: input.dateOfBirth,
    callbackURL: paths.auth,
  });
}
