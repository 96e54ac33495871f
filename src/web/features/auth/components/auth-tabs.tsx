import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { readRememberedEmail } from "../lib/remembered-email";
import { FormNote } from "./form-note";
import { OtpForm } from "./otp-form";
import { ResetRequestForm } from "./reset-request-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

type AuthTab = "sign-in" | "otp" | "sign-up" | "reset";

const TABS: { value: AuthTab; label: string }[] = [
  { value: "sign-in", label: "Sign In" },
  { value: "otp", label: "OTP" },
  { value: "sign-up", label: "Sign Up" },
  { value: "reset", label: "Reset" },
];

const noSubscription = () => () => {};
const noRememberedEmailOnServer = () => "";

/** Sign In, OTP, Sign Up and Reset (spec §2 Auth). One e-mail is shared by every tab. */
export function AuthTabs() {
  const [tab, setTab] = useState<AuthTab>("sign-in");
  // The remembered e-mail is read once the page runs in the browser, so server and first client render agree.
  const rememberedEmail = useSyncExternalStore(noSubscription, readRememberedEmail, noRememberedEmailOnServer);
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? rememberedEmail;
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null);
  const confirmationNote = useRef<HTMLDivElement>(null);
  // 'Forgot your password?' goes away with its tab, so the Reset tab's e-mail field takes the focus.
  const [focusResetEmail, setFocusResetEmail] = useState(false);

  useEffect(() => {
    // The Sign Up button that was focused has gone with its tab: continue from the note explaining what next.
    if (confirmationSentTo) confirmationNote.current?.focus();
  }, [confirmationSentTo]);

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => {
        setFocusResetEmail(false);
        setTab(value as AuthTab);
      }}
    >
      <TabsList aria-label="Sign in or create an account">
        {TABS.map(({ value, label }) => (
          <TabsTrigger key={value} value={value}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>

      <TabsContent value="sign-in">
        {confirmationSentTo && (
          <FormNote ref={confirmationNote} tone="success" className="mb-4 focus-visible:outline-2 focus-visible:outline-brand-600">
            We've sent a confirmation link to <strong className="break-all">{confirmationSentTo}</strong>. Check your inbox and click the link
            to confirm your email, then sign in.
          </FormNote>
        )}
        <SignInForm email={email} onEmailChange={setTypedEmail} onForgotPassword={() => {
            setFocusResetEmail(true);
            setTab("reset");
          }} />
      </TabsContent>
      <TabsContent value="otp">
        <OtpForm email={email} onEmailChange={setTypedEmail} />
      </TabsContent>
      <TabsContent value="sign-up">
        <SignUpForm
          email={email}
          onEmailChange={setTypedEmail}
          onSignedUp={(address) => {
            setTypedEmail(address);
            setConfirmationSentTo(address);
            setTab("sign-in");
          }}
        />
      </TabsContent>
      <TabsContent value="reset">
        <ResetRequestForm email={email} onEmailChange={setTypedEmail} autoFocus={focusResetEmail} />
      </TabsContent>
    </Tabs>
  );
}
