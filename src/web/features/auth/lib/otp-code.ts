import { OTP_LENGTH } from "@domain";

/** What the code field keeps of typed or pasted text: digits only, at most 6 (spec §5 OTP). */
export function sanitiseOtpCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, OTP_LENGTH);
}

/** 'Verify & Sign In' is enabled only at exactly 6 digits. */
export function isCompleteOtpCode(code: string): boolean {
  return code.length === OTP_LENGTH && /^\d+$/.test(code);
}
