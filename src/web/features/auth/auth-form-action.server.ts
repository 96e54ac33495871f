import { data, redirect } from "react-router";
import { safeReturnPath } from "@domain";
import { callAuthEndpoint } from "~/lib/services.server";
import { paths } from "~/paths";
import { authErrorFromBody, AuthRequestError } from "./api/auth-request";
import { AUTH_CALLS, type AuthCall } from "./api/auth-calls";
import { INTENT_FIELD, type AuthFormResult, type AuthIntent } from "./lib/auth-form";
import {
  failureToast,
  otpVerifyFailureToast,
  resetPasswordFailureToast,
  signInFailureToast,
  signUpFailureToast,
  type ToastText,
} from "./lib/auth-toasts";
import { isEmailLike, newPasswordProblem, signInProblem, signUpProblem } from "./lib/auth-validation";
import { AUTH_TOASTS } from "./lib/auth-toasts";
import { isCompleteOtpCode } from "./lib/otp-code";
import { otpTargetFor, type OtpChannel } from "./lib/otp-target";
import type { RouterContextReader } from "~/lib/page-context.server";

type Result = ReturnType<typeof data<AuthFormResult>>;

/**
 * The /auth forms posted before the page's scripts ran (scripts off, or a tap in the first moments on a
 * slow phone). Each does what the hydrated form does from the browser: the same checks (auth-validation),
 * the same auth-server call (AUTH_CALLS), the same messages; a sign-in sets the session cookie and goes
 * where the user was heading. The page is drawn again with the answer, so nothing is ever sent back in
 * an address (issue 16).
 */
export async function authFormAction(context: RouterContextReader, request: Request, url: URL): Promise<Result | Response> {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field(INTENT_FIELD) as AuthIntent;
  const returnTo = safeReturnPath(url.searchParams.get("redirect")) ?? paths.home;
  const call = async ({ path, body }: AuthCall) => callAuthEndpoint(context, request, path, body);

  switch (intent) {
    case "sign-in": {
      const email = field("email");
      const password = field("password");
      const found = signInProblem({ email, password });
      if (found) return refused({ intent, email, problem: found }, 400);
      const response = await call(AUTH_CALLS.signInEmail({ email: email.trim(), password }));
      if (!response.ok) return refused({ intent, email, problem: { field: null, toast: signInFailureToast(await refusal(response)) } }, response.status);
      return signedIn(response, returnTo);
    }
    case "sign-up": {
      const email = field("email");
      const password = field("password");
      const dateOfBirth = field("dateOfBirth");
      const found = signUpProblem({ email, password, dateOfBirth });
      if (found) return refused({ intent, email, problem: found }, 400);
      const response = await call(AUTH_CALLS.signUpEmail({ email: email.trim(), password, dateOfBirth }));
      if (!response.ok) return refused({ intent, email, problem: { field: null, toast: signUpFailureToast(await refusal(response)) } }, response.status);
      // spec §4 Auth: a sign-up that returns a session signs the user in straight away.
      const { token } = (await response.clone().json()) as { token?: string | null };
      if (token) return signedIn(response, returnTo);
      return data({ intent, email: email.trim(), sent: true });
    }
    case "reset": {
      const email = field("email").trim();
      if (!isEmailLike(email)) return refused({ intent, email, problem: { field: "email", toast: AUTH_TOASTS.invalidEmail } }, 400);
      const response = await call(AUTH_CALLS.requestPasswordReset({ email }));
      if (!response.ok) return refused({ intent, email, problem: { field: null, toast: failureToast("Error sending reset email", await refusal(response)) } }, response.status);
      return data({ intent, email, sent: true });
    }
    case "otp-send": {
      const channel: OtpChannel = field("channel") === "sms" ? "sms" : "email";
      const email = field("email");
      const phone = field("phone");
      const found = otpTargetFor(channel, channel === "email" ? email : phone);
      if ("problem" in found) return refused({ intent, email, phone, channel, problem: { field: channel === "email" ? "email" : "phone", toast: found.problem } }, 400);
      const { target } = found;
      const response = await call(target.channel === "email" ? AUTH_CALLS.sendEmailOtp({ email: target.address }) : AUTH_CALLS.sendPhoneOtp({ phoneNumber: target.address }));
      if (!response.ok) return refused({ intent, email, phone, channel, problem: { field: null, toast: failureToast("Failed to send OTP", await refusal(response)) } }, response.status);
      return data({ intent, channel, target, email: target.channel === "email" ? target.address : undefined });
    }
    case "otp-verify": {
      const channel: OtpChannel = field("channel") === "sms" ? "sms" : "email";
      const found = otpTargetFor(channel, field("address"));
      // The address came from our own hidden field: without one there is no code to check, so start again.
      if ("problem" in found) return refused({ intent: "otp-send", channel, problem: { field: null, toast: found.problem } }, 400);
      const { target } = found;
      const code = field("code").trim();
      const invalid = (toast: ToastText, status: number) => refused({ intent, channel, target, problem: { field: "code", toast } }, status);
      if (!isCompleteOtpCode(code)) return invalid(otpVerifyFailureToast(new AuthRequestError({ status: 400, code: "INVALID_OTP", message: "Invalid OTP" })), 400);
      const response = await call(
        target.channel === "email" ? AUTH_CALLS.signInEmailOtp({ email: target.address, otp: code }) : AUTH_CALLS.verifyPhoneOtp({ phoneNumber: target.address, code }),
      );
      if (!response.ok) return invalid(otpVerifyFailureToast(await refusal(response)), response.status);
      return signedIn(response, returnTo);
    }
    case "otp-back":
      // spec §4 OTP flow: 'Back to OTP options' clears the code and the target.
      return data({ intent });
    case "new-password": {
      const password = field("password");
      const confirmation = field("confirmation");
      const token = field("token");
      const found = newPasswordProblem({ password, confirmation });
      if (found) return refused({ intent, problem: found }, 400);
      const response = await call(AUTH_CALLS.resetPassword({ newPassword: password, token }));
      if (!response.ok) return refused({ intent, problem: { field: null, toast: resetPasswordFailureToast(await refusal(response)) } }, response.status);
      // As the hydrated form: leave reset mode for the home page, without the spent token in the address.
      return redirect(paths.home);
    }
    default:
      throw data("This form is not one of the sign-in page's.", { status: 400 });
  }
}

function refused(result: AuthFormResult, status: number): Result {
  return data(result, { status: status >= 400 && status < 600 ? status : 400 });
}

async function refusal(response: Response): Promise<AuthRequestError> {
  const text = await response.text();
  let body: unknown = text || null;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the plain text is the message.
  }
  return authErrorFromBody(response.status, body);
}

/** On to where the user was heading, with the session cookie the auth server set. */
function signedIn(response: Response, returnTo: string): Response {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return redirect(returnTo, { headers });
}
