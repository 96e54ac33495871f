import { ArrowLeft } from "lucide-react";
import { useState, useSyncExternalStore, type FormEvent } from "react";
import { OTP_LENGTH } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signInWithEmailOtp, verifyPhoneOtp } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import { INTENT_FIELD, type AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, otpVerifyFailureToast } from "../lib/auth-toasts";
import { isCompleteOtpCode, sanitiseOtpCode } from "../lib/otp-code";
import type { OtpTarget } from "../lib/otp-target";
import { showErrorToast } from "../lib/show-toast";

const noSubscription = () => () => {};

/**
 * Second OTP step: the 6-digit code, 'Verify & Sign In' and 'Back to OTP options' (spec §2 Auth, §5 OTP).
 * Both buttons post to the page (each names its intent), so they work before the page's scripts run.
 */
export function OtpVerifyStep({ target, onBack, result }: { target: OtpTarget; onBack: () => void; result?: AuthFormResult }) {
  const [code, setCode] = useState("");
  const form = useAuthForm(result, ["code"]);
  // 'Verify & Sign In' waits for 6 digits once the page runs; before that the browser's own check
  // (required, six digits) stands in, or the button could never be pressed without the scripts.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const finishSignIn = useFinishSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCompleteOtpCode(code) || !form.start(event.currentTarget, null)) return;
    try {
      if (target.channel === "email") await signInWithEmailOtp({ email: target.address, otp: code });
      else await verifyPhoneOtp({ phoneNumber: target.address, code });
      finishSignIn({ email: target.channel === "email" ? target.address : undefined, toast: AUTH_TOASTS.signedInWithOtp });
    } catch (error) {
      showErrorToast(otpVerifyFailureToast(error));
      form.setPending(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name="channel" value={target.channel} />
      <input type="hidden" name="address" value={target.address} />
      <p className="text-sm text-muted">
        Enter the {OTP_LENGTH}-digit code we sent to <strong className="break-all font-semibold text-ink">{target.address}</strong>.
      </p>
      <Field id="otp-code" label="Verification code" error={form.errorFor("code")}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`[0-9]{${OTP_LENGTH}}`}
          required
          maxLength={OTP_LENGTH}
          // Focus follows the user's own action: they have just asked for the code.
          autoFocus
          value={code}
          onChange={(event) => setCode(sanitiseOtpCode(event.target.value))}
          onPaste={(event) => {
            // A pasted "123 456" would be cut to length before the spaces are dropped.
            event.preventDefault();
            setCode(sanitiseOtpCode(event.clipboardData.getData("text")));
          }}
          shape={null}
          className="h-14 rounded-xl px-3.5 text-center font-mono text-2xl tracking-[0.5em]"
        />
      </Field>
      <Button type="submit" name={INTENT_FIELD} value="otp-verify" size="lg" disabled={form.pending || (hydrated && !isCompleteOtpCode(code))}>
        {form.pending ? "Verifying..." : "Verify & Sign In"}
      </Button>
      <Button
        type="submit"
        name={INTENT_FIELD}
        value="otp-back"
        formNoValidate
        variant="ghost"
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
        disabled={form.pending}
      >
        <ArrowLeft aria-hidden="true" />
        Back to OTP options
      </Button>
    </form>
  );
}
