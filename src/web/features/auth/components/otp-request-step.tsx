import { Mail, MessageSquareText } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { sendEmailOtp } from "../api/send-email-otp";
import { sendPhoneOtp } from "../api/send-phone-otp";
import { AUTH_TOASTS, failureToast } from "../lib/auth-toasts";
import { otpTargetFor, type OtpChannel, type OtpTarget } from "../lib/otp-target";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";

const CHANNELS = [
  { value: "email", label: "Email", icon: Mail },
  { value: "sms", label: "SMS", icon: MessageSquareText },
] as const;

/** First OTP step: choose e-mail or text message and send the code (spec §2 Auth, §5 OTP). */
export function OtpRequestStep({
  channel,
  onChannelChange,
  email,
  onEmailChange,
  phone,
  onPhoneChange,
  onSent,
}: {
  channel: OtpChannel;
  onChannelChange: (channel: OtpChannel) => void;
  email: string;
  onEmailChange: (email: string) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: (target: OtpTarget) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contactField = event.currentTarget.elements.namedItem("contact");
    const result = otpTargetFor(channel, channel === "email" ? email : phone);
    if ("problem" in result) {
      setProblem(result.problem.description ?? result.problem.title);
      showErrorToast(result.problem);
      if (contactField instanceof HTMLElement) contactField.focus();
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      const { target } = result;
      if (target.channel === "email") await sendEmailOtp({ email: target.address });
      else await sendPhoneOtp({ phoneNumber: target.address });
      showSuccessToast(target.channel === "email" ? AUTH_TOASTS.emailOtpSent : AUTH_TOASTS.phoneOtpSent);
      onSent(target);
    } catch (error) {
      showErrorToast(failureToast("Failed to send OTP", error));
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Send me a sign-in code by</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {CHANNELS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-center gap-2.5 rounded-xl border px-3.5 py-3 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                channel === value ? "border-brand-600 bg-brand-50 text-brand-800" : "border-border text-ink hover:bg-surface",
              )}
            >
              <input
                type="radio"
                name="channel"
                value={value}
                checked={channel === value}
                onChange={() => {
                  onChannelChange(value);
                  setProblem(null);
                }}
                className="size-4 accent-brand-600"
              />
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {channel === "email" ? (
        <Field id="otp-email" label="Email" hint="We'll email you a 6-digit code. It only works for an existing account." error={problem}>
          <Input
            name="contact"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              onEmailChange(event.target.value);
              setProblem(null);
            }}
          />
        </Field>
      ) : (
        <Field id="otp-phone" label="Phone number" hint="UK numbers can start with 07; other countries need their + code." error={problem}>
          <Input
            name="contact"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => {
              onPhoneChange(event.target.value);
              setProblem(null);
            }}
          />
        </Field>
      )}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Sending code..." : channel === "email" ? "Send Email OTP" : "Send SMS OTP"}
      </Button>
    </form>
  );
}
