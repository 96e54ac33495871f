import { dateOfBirthProblem, MIN_PASSWORD_LENGTH } from "@domain";
import { AUTH_TOASTS, type ToastText } from "./auth-toasts";

/** A form problem: the field to mark and focus, and the toast that explains it. */
export interface FormProblem<Field extends string> {
  field: Field;
  toast: ToastText;
}

/** spec §5 Sign in: the e-mail must contain '@'. */
export function isEmailLike(email: string): boolean {
  return email.trim().includes("@");
}

export function signInProblem(input: { email: string; password: string }): FormProblem<"email" | "password"> | null {
  if (!isEmailLike(input.email)) return { field: "email", toast: AUTH_TOASTS.invalidEmail };
  if (!input.password) return { field: "password", toast: AUTH_TOASTS.passwordRequired };
  return null;
}

/** spec §5 Sign up: a valid e-mail, a password of at least 6 characters, a date of birth making the user 13 or over. */
export function signUpProblem(
  input: { email: string; password: string; dateOfBirth: string },
  today?: string,
): FormProblem<"email" | "password" | "dateOfBirth"> | null {
  if (!isEmailLike(input.email)) return { field: "email", toast: AUTH_TOASTS.invalidEmail };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { field: "password", toast: AUTH_TOASTS.passwordTooShort };
  switch (dateOfBirthProblem(input.dateOfBirth, today)) {
    case "missing":
      return { field: "dateOfBirth", toast: AUTH_TOASTS.dateOfBirthRequired };
    case "invalid":
      return { field: "dateOfBirth", toast: { title: "Invalid date of birth", description: "Please enter your real date of birth." } };
    case "too-young":
      return { field: "dateOfBirth", toast: AUTH_TOASTS.ageRequirementNotMet };
    case null:
      return null;
  }
}

/** spec §5 New password: the two fields must match, then be at least 6 characters. */
export function newPasswordProblem(input: { password: string; confirmation: string }): FormProblem<"password" | "confirmation"> | null {
  if (input.password !== input.confirmation) return { field: "confirmation", toast: AUTH_TOASTS.passwordsDontMatch };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { field: "password", toast: AUTH_TOASTS.passwordTooShort };
  return null;
}
