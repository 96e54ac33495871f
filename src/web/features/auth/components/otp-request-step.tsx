import { Mail, MessageSquareText } from "lucide-react";
import type { FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { sendEmailOtp, sendPhoneOtp } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import type { AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, failureToast } from "../lib/auth-toasts";
import { otpTargetFor, type OtpChannel, type OtpTarget } from "../lib/otp-target";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { AuthForm, EmailField } from "./auth-form";

const CHANNELS = [
  { value: "email", label: "Email", icon: Mail },
  { value: "sms", label: "SMS", icon: MessageSquareText },
] as const;

/**
 * First OTP step: choose e-mail or text message and send the code (spec §2 Auth, §5 OTP). Both contact
 * fields are in the page and the checked channel shows one of them (CSS), so choosing SMS works before
 * the page's scripts run too.
 */
export function OtpRequestStep({
  channel,
  onChannelChange,
  email,
  onEmailChange,
  phone,
  onPhoneChange,
  onSent,
  result,
}: {
  channel: OtpChannel;
  onChannelChange: (channel: OtpChannel) => void;
  email: string;
  onEmailChange: (email: string) => void;
  phone: string;
  onPhoneChange: (phone: string) => void;
  onSent: (target: OtpTarget) => void;
  /** The server's answer to the form posted before the page's scripts ran. */
  result?: AuthFormResult;
}) {
  const form = useAuthForm(result, ["email", "phone"]);
  // The problem is shown on the field of the channel chosen, whichever field the server named.
  const problem = form.error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const contact = otpTargetFor(channel, channel === "email" ? email : phone);
    if ("problem" in contact) {
      form.start(event.currentTarget, { field: channel === "email" ? "email" : "phone", toast: contact.problem });
      return;
    }
    form.start(event.currentTarget, null);
    try {
      const { target } = contact;
      if (target.channel === "email") await sendEmailOtp({ email: target.address });
      else await sendPhoneOtp({ phoneNumber: target.address });
      showSuccessToast(target.channel === "email" ? AUTH_TOASTS.emailOtpSent : AUTH_TOASTS.phoneOtpSent);
      onSent(target);
    } catch (error) {
      showErrorToast(failureToast("Failed to send OTP", error));
      form.setPending(false);
    }
  }

  return (
    <AuthForm intent="otp-send" serverResult={form.serverResult} onSubmit={submit} className="group/otp">
      <fieldset>
        <legend className="text-sm font-semibold text-ink">Send me a sign-in code by</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {CHANNELS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              // From the checked radio itself, so the choice shows before the page's scripts run too.
              className="flex cursor-pointer items-center gap-2.5 rounded-xl border border-border px-3.5 py-3 text-sm font-semibold text-ink transition-colors hover:bg-surface has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                id={`otp-channel-${value}`}
                type="radio"
                name="channel"
                value={value}
                checked={channel === value}
                onChange={() => {
                  onChannelChange(value);
                  form.clearProblem();
                }}
                className="size-4 accent-brand-600"
              />
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <EmailField
        id="otp-email"
        hint="We'll email you a 6-digit code. It only works for an existing account."
        error={channel === "email" ? problem : null}
        className="group-has-[#otp-channel-sms:checked]/otp:hidden"
        value={email}
        onChange={(value) => {
          onEmailChange(value);
          form.clearProblem();
        }}
      />
      {/* The wrapper hides the field: Field draws itself with flex, which a hidden class on it would fight. */}
      <div className="hidden group-has-[#otp-channel-sms:checked]/otp:block">
        <Field
          id="otp-phone"
          label="Phone number"
          hint="UK numbers can start with 07; other countries need their + code."
          error={channel === "sms" ? problem : null}
        >
          <Input
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            value={phone}
            onChange={(event) => {
              onPhoneChange(event.target.value);
              form.clearProblem();
            }}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" disabled={form.pending}>
        {form.pending ? (
          "Sending code..."
        ) : (
          <>
            <span className="group-has-[#otp-channel-sms:checked]/otp:hidden">Send Email OTP</span>
            <span className="hidden group-has-[#otp-channel-sms:checked]/otp:inline">Send SMS OTP</span>
          </>
        )}
      </Button>
    </AuthForm>
  );
}
