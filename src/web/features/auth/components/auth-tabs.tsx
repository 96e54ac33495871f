import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { AddressTabs, selectedTab, tabSearch } from "~/components/ui/tabs";
import { resultFor, type AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS } from "../lib/auth-toasts";
import { AUTH_TAB_VALUES, AUTH_TABS, type AuthTab } from "../lib/auth-url-state";
import { readRememberedEmail } from "../lib/remembered-email";
import { FormNote } from "./form-note";
import { OtpForm } from "./otp-form";
import { ResetRequestForm } from "./reset-request-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

const noSubscription = () => () => {};
const noRememberedEmailOnServer = () => "";

/**
 * Sign In, OTP, Sign Up and Reset (spec §2 Auth). The tab is in the address (`?tab=signup`), so a tap
 * works before the page's scripts run; one e-mail is shared by every tab. `result` is the route
 * action's answer to a form posted before the scripts ran.
 */
export function AuthTabs({ result }: { result?: AuthFormResult }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tabSearchFor = (value: AuthTab) => tabSearch(searchParams, "tab", AUTH_TAB_VALUES, value);
  // The remembered e-mail is read once the page runs in the browser, so server and first client render agree.
  const rememberedEmail = useSyncExternalStore(noSubscription, readRememberedEmail, noRememberedEmailOnServer);
  const [typedEmail, setTypedEmail] = useState<string | null>(result?.email ?? null);
  const email = typedEmail ?? rememberedEmail;
  const signedUp = result?.intent === "sign-up" && result.sent ? (result.email ?? null) : null;
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(signedUp);
  // A sign-up the server finished continues on Sign In, like the hydrated form.
  const tab = signedUp ? "signin" : selectedTab(searchParams, "tab", AUTH_TAB_VALUES);
  const confirmationNote = useRef<HTMLDivElement>(null);
  // 'Forgot your password?' goes away with its tab, so the Reset tab's e-mail field takes the focus.
  const [focusResetEmail, setFocusResetEmail] = useState(false);

  useEffect(() => {
    // The Sign Up button that was focused has gone with its tab: continue from the note explaining what next.
    if (confirmationSentTo) confirmationNote.current?.focus();
  }, [confirmationSentTo]);

  return (
    <AddressTabs
      idPrefix="auth"
      label="Sign in or create an account"
      tabs={AUTH_TABS}
      selected={tab}
      searchFor={tabSearchFor}
      onTabClick={() => setFocusResetEmail(false)}
      // Four short labels side by side: one line each, even on a 320 px phone.
      compact
      tabClassName="whitespace-nowrap"
    >
        {tab === "signin" && (
          <>
            {confirmationSentTo && (
              <FormNote ref={confirmationNote} tone="success" className="mb-4 focus-visible:outline-2 focus-visible:outline-brand-600">
                We've sent a confirmation link to <strong className="break-all">{confirmationSentTo}</strong>. {AUTH_TOASTS.confirmEmailFirst.description}
              </FormNote>
            )}
            <SignInForm
              email={email}
              onEmailChange={setTypedEmail}
              emailRemembered={rememberedEmail !== ""}
              result={resultFor(result, "sign-in")}
              forgotPasswordTo={{ search: tabSearchFor("reset") }}
              onForgotPassword={() => setFocusResetEmail(true)}
            />
          </>
        )}
        {tab === "otp" && <OtpForm email={email} onEmailChange={setTypedEmail} result={resultFor(result, "otp-send", "otp-verify", "otp-back")} />}
        {tab === "signup" && (
          <SignUpForm
            email={email}
            onEmailChange={setTypedEmail}
            result={resultFor(result, "sign-up")}
            onSignedUp={(address) => {
              setTypedEmail(address);
              setConfirmationSentTo(address);
              void navigate({ search: tabSearchFor("signin") }, { replace: true, preventScrollReset: true });
            }}
          />
        )}
        {tab === "reset" && <ResetRequestForm email={email} onEmailChange={setTypedEmail} result={resultFor(result, "reset")} autoFocus={focusResetEmail} />}
    </AddressTabs>
  );
}
