import { normalisePhoneNumber } from "@domain";
import { AUTH_TOASTS, type ToastText } from "./auth-toasts";
import { isEmailLike } from "./auth-validation";

export type OtpChannel = "email" | "sms";

/** Where a one-time code goes: an e-mail address, or a phone number in E.164 form. */
export interface OtpTarget {
  channel: OtpChannel;
  address: string;
}

/** The target for the typed contact, or the toast that explains what is wrong with it (spec §5 OTP). */
export function otpTargetFor(channel: OtpChannel, contact: string): { target: OtpTarget } | { problem: ToastText } {
  const typed = contact.trim();
  if (channel === "email") {
    if (!typed) return { problem: AUTH_TOASTS.emailContactRequired };
    if (!isEmailLike(typed)) return { problem: AUTH_TOASTS.invalidEmail };
    return { target: { channel, address: typed } };
  }
  if (!typed) return { problem: AUTH_TOASTS.phoneContactRequired };
  const phoneNumber = normalisePhoneNumber(typed);
  if (!phoneNumber) return { problem: AUTH_TOASTS.invalidPhoneNumber };
  return { target: { channel, address: phoneNumber } };
}
