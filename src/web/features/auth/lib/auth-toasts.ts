import { classifySignInFailure, MIN_PASSWORD_LENGTH } from "@domain";
import { AuthRequestError } from "../api/auth-request";

/** A 'Title / Detail' toast (spec §8). */
export interface ToastText {
  title: string;
  description?: string;
}

const TRY_LATER = "Please try again later.";

/** Every fixed auth toast, worded as in spec §5 and §8. */
export const AUTH_TOASTS = {
  invalidEmail: { title: "Invalid email", description: "Please enter a valid email address." },
  passwordRequired: { title: "Password required", description: "Please enter your password." },
  invalidCredentials: {
    title: "Invalid login credentials",
    description:
      "The email or password you entered is incorrect. Please check your details and try again, or use 'Forgot your password?' if you need to reset it.",
  },
  emailNotConfirmed: {
    title: "Email not confirmed",
    description: "Please check your email and click the confirmation link before signing in.",
  },
  tooManyAttempts: {
    title: "Too many attempts",
    description: "Please wait a few minutes before trying again, or use 'Forgot your password?' to reset it.",
  },
  signedIn: { title: "Welcome back!", description: "You have successfully signed in." },
  signedInWithOtp: { title: "Welcome!", description: "You have successfully signed in." },
  /** A sign-up that signed its user in straight away (spec §8). */
  accountCreated: { title: "Account created successfully!", description: "You can now sign in with your credentials." },
  /** A sign-up whose address must be confirmed first (every sign-up here): the toast and the note on Sign In say the same. */
  confirmEmailFirst: { title: "Account created successfully!", description: "Check your email and click the confirmation link before signing in." },
  ageRequirementNotMet: { title: "Age requirement not met", description: "You must be at least 13 years old to create an account." },
  dateOfBirthRequired: { title: "Date of birth required", description: "Please enter your date of birth." },
  emailContactRequired: { title: "Contact required", description: "Please enter your email" },
  phoneContactRequired: { title: "Contact required", description: "Please enter your phone number" },
  invalidPhoneNumber: {
    title: "Failed to send OTP",
    description: "Please enter a valid phone number, such as 07700 900123 or +44 7700 900123.",
  },
  emailOtpSent: { title: "OTP sent!", description: "Check your email for the verification code." },
  phoneOtpSent: { title: "OTP sent!", description: "Check your phone for the verification code." },
  resetEmailSent: { title: "Password reset email sent", description: "Check your email for password reset instructions." },
  readyToReset: { title: "Ready to reset password", description: "Please enter your new password below." },
  passwordsDontMatch: { title: "Passwords don't match", description: "Please ensure both password fields match." },
  passwordTooShort: {
    title: "Password too short",
    description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  },
  passwordUpdated: { title: "Password updated successfully!" },
} as const satisfies Record<string, ToastText>;

function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message.trim() ? error.message : undefined;
}

/** A failure toast with the server's message as detail, or 'Please try again later.' when there is none. */
export function failureToast(title: string, error: unknown): ToastText {
  return { title, description: messageOf(error) ?? TRY_LATER };
}

/** Password sign-in failures (spec §8 Sign in); an exception (no answer at all) is 'An error occurred'. */
export function signInFailureToast(error: unknown): ToastText {
  if (!(error instanceof AuthRequestError)) return failureToast("An error occurred", error);
  switch (classifySignInFailure(error)) {
    case "invalid-credentials":
      return AUTH_TOASTS.invalidCredentials;
    case "email-not-confirmed":
      return AUTH_TOASTS.emailNotConfirmed;
    case "too-many-attempts":
      return AUTH_TOASTS.tooManyAttempts;
    case "other":
      return failureToast("Sign in failed", error);
  }
}

export function signUpFailureToast(error: unknown): ToastText {
  if (error instanceof AuthRequestError && error.code === "AGE_REQUIREMENT_NOT_MET") return AUTH_TOASTS.ageRequirementNotMet;
  if (error instanceof AuthRequestError && error.code === "DATE_OF_BIRTH_REQUIRED") return AUTH_TOASTS.dateOfBirthRequired;
  return failureToast("Sign up failed", error);
}

/** 'Invalid OTP', explaining a wrong, expired or over-tried code in plain words. */
export function otpVerifyFailureToast(error: unknown): ToastText {
  if (error instanceof AuthRequestError) {
    if (error.code === "INVALID_OTP" || error.code === "OTP_EXPIRED" || error.code === "OTP_NOT_FOUND") {
      return { title: "Invalid OTP", description: "The code is wrong or has expired. Check it and try again, or go back and request a new one." };
    }
    if (error.code === "TOO_MANY_ATTEMPTS" || error.status === 429) {
      return { title: "Invalid OTP", description: "Too many attempts. Go back and request a new code." };
    }
  }
  return failureToast("Invalid OTP", error);
}

export function resetPasswordFailureToast(error: unknown): ToastText {
  if (error instanceof AuthRequestError && error.code === "INVALID_TOKEN") {
    return { title: "Failed to update password", description: "This reset link is invalid or has expired. Please request a new one." };
  }
  return failureToast("Failed to update password", error);
}
