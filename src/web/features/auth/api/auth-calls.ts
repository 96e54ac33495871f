import { EMAIL_CONFIRMATION_CALLBACK } from "@domain";
import { RECOVERY_PATH } from "../lib/auth-url-state";
import { postAuth } from "./auth-request";

/** One call to the auth server: its endpoint under /api/auth and its JSON body. */
export interface AuthCall {
  path: `/${string}`;
  body: Record<string, unknown>;
}

/**
 * Every auth call a form makes, in one place: the browser sends them from the hydrated forms
 * (the functions below), and the /auth route's action sends the same ones for a form posted before
 * the page's scripts ran (auth-form-action.server.ts).
 */
export const AUTH_CALLS = {
  /** Password sign-in (spec §7 Auth). Refusals: 401 INVALID_EMAIL_OR_PASSWORD, 403 EMAIL_NOT_VERIFIED, 429. */
  signInEmail: (input: { email: string; password: string }): AuthCall => ({
    path: "/sign-in/email",
    body: { email: input.email, password: input.password },
  }),
  /**
   * Creates an account (spec §7 Auth: e-mail, password, date of birth; the confirmation link leads back
   * to /auth, then home with 'Email confirmed'). The reply is the same for an address already registered.
   */
  signUpEmail: (input: { email: string; password: string; dateOfBirth: string }): AuthCall => ({
    path: "/sign-up/email",
    body: {
      email: input.email,
      password: input.password,
      // The auth server requires a name; the profile's display name is set later on /profile/edit.
      name: input.email.split("@")[0] ?? input.email,
      dateOfBirth: input.dateOfBirth,
      callbackURL: EMAIL_CONFIRMATION_CALLBACK,
    },
  }),
  /** E-mails a password-reset link that lands on /auth?type=recovery&token=… (spec §7 Auth). */
  requestPasswordReset: (input: { email: string }): AuthCall => ({
    path: "/request-password-reset",
    body: { email: input.email, redirectTo: RECOVERY_PATH },
  }),
  /** Sets a new password with the token from a reset link. */
  resetPassword: (input: { newPassword: string; token: string }): AuthCall => ({
    path: "/reset-password",
    body: { newPassword: input.newPassword, token: input.token },
  }),
  /** E-mails a one-time sign-in code. Never creates an account (spec §5 OTP). */
  sendEmailOtp: (input: { email: string }): AuthCall => ({
    path: "/email-otp/send-verification-otp",
    body: { email: input.email, type: "sign-in" },
  }),
  /** Texts a one-time sign-in code to a phone number in E.164 form. */
  sendPhoneOtp: (input: { phoneNumber: string }): AuthCall => ({
    path: "/phone-number/send-otp",
    body: { phoneNumber: input.phoneNumber },
  }),
  /** Signs in with the code e-mailed by sendEmailOtp; 400 INVALID_OTP when wrong or expired. */
  signInEmailOtp: (input: { email: string; otp: string }): AuthCall => ({
    path: "/sign-in/email-otp",
    body: { email: input.email, otp: input.otp },
  }),
  /** Signs in with the code texted by sendPhoneOtp. */
  verifyPhoneOtp: (input: { phoneNumber: string; code: string }): AuthCall => ({
    path: "/phone-number/verify",
    body: { phoneNumber: input.phoneNumber, code: input.code },
  }),
};

function send<Result = unknown>({ path, body }: AuthCall): Promise<Result> {
  return postAuth<Result>(path, body);
}

// The browser's side of each call, from the hydrated forms: a refusal throws AuthRequestError.

export const signInWithEmail = (input: { email: string; password: string }) => send<{ user: { id: string; email: string } }>(AUTH_CALLS.signInEmail(input));
export const signUpWithEmail = (input: { email: string; password: string; dateOfBirth: string }) => send<{ token: string | null }>(AUTH_CALLS.signUpEmail(input));
export const requestPasswordReset = (input: { email: string }) => send(AUTH_CALLS.requestPasswordReset(input));
export const resetPassword = (input: { newPassword: string; token: string }) => send(AUTH_CALLS.resetPassword(input));
export const sendEmailOtp = (input: { email: string }) => send(AUTH_CALLS.sendEmailOtp(input));
export const sendPhoneOtp = (input: { phoneNumber: string }) => send(AUTH_CALLS.sendPhoneOtp(input));
export const signInWithEmailOtp = (input: { email: string; otp: string }) => send(AUTH_CALLS.signInEmailOtp(input));
export const verifyPhoneOtp = (input: { phoneNumber: string; code: string }) => send(AUTH_CALLS.verifyPhoneOtp(input));

/** Ends the session on the server; the server revokes every session of the user (spec §7: global scope). */
export const signOutEverywhere = () => send({ path: "/sign-out", body: {} });
