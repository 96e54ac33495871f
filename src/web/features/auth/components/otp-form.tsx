import { useState } from "react";
import type { AuthFormResult } from "../lib/auth-form";
import type { OtpChannel, OtpTarget } from "../lib/otp-target";
import { OtpRequestStep } from "./otp-request-step";
import { OtpVerifyStep } from "./otp-verify-step";

/**
 * Sign-in by one-time code: choose a channel, the code is sent, enter it (spec §4 Auth, OTP flow).
 * Both steps post to the page, so they also work before the page's scripts run; `result` is the
 * server's answer then (the code sent, or what was wrong).
 */
export function OtpForm({ email, onEmailChange, result }: { email: string; onEmailChange: (email: string) => void; result?: AuthFormResult }) {
  const [channel, setChannel] = useState<OtpChannel>(result?.target?.channel ?? result?.channel ?? "email");
  const [phone, setPhone] = useState(result?.phone ?? "");
  const [target, setTarget] = useState<OtpTarget | null>(result?.target ?? null);
  // spec §4 OTP flow: 'Back' clears the code and the target (the typed e-mail or phone number);
  // the code lives in the verify step and goes with it.
  const backToOptions = () => {
    if (target?.channel === "sms") setPhone("");
    else onEmailChange("");
    setTarget(null);
  };
  if (target) return <OtpVerifyStep target={target} onBack={backToOptions} result={result?.intent === "otp-verify" ? result : undefined} />;
  return (
    <OtpRequestStep
      channel={channel}
      onChannelChange={setChannel}
      email={email}
      onEmailChange={onEmailChange}
      phone={phone}
      onPhoneChange={setPhone}
      onSent={setTarget}
      result={result?.intent === "otp-send" ? result : undefined}
    />
  );
}
