import { useState } from "react";
import type { OtpChannel, OtpTarget } from "../lib/otp-target";
import { OtpRequestStep } from "./otp-request-step";
import { OtpVerifyStep } from "./otp-verify-step";

/** Sign-in by one-time code: choose a channel, the code is sent, enter it (spec §4 Auth, OTP flow). */
export function OtpForm({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  const [channel, setChannel] = useState<OtpChannel>("email");
  const [phone, setPhone] = useState("");
  const [target, setTarget] = useState<OtpTarget | null>(null);
  // spec §4 OTP flow: 'Back' clears the code and the target (the typed e-mail or phone number);
  // the code lives in the verify step and goes with it.
  const backToOptions = () => {
    if (target?.channel === "sms") setPhone("");
    else onEmailChange("");
    setTarget(null);
  };
  if (target) return <OtpVerifyStep target={target} onBack={backToOptions} />;
  return (
    <OtpRequestStep
      channel={channel}
      onChannelChange={setChannel}
      email={email}
      onEmailChange={onEmailChange}
      phone={phone}
      onPhoneChange={setPhone}
      onSent={setTarget}
    />
  );
}
