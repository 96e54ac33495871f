import { useEffect, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { ERASURE_FRESH_SIGN_IN_MINUTES, ERASURE_TERMS, type OwnProfile } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { markSignedOut } from "~/lib/session-store";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { ERASE_ACCOUNT_INTENT, EXPORT_PATH, type EraseAccountAnswer } from "./erase-account";

export const ACCOUNT_DELETED_TOAST = { title: "Your account has been deleted", description: "You have been signed out everywhere." } as const;

const EMAIL_REQUIRED = "Type your account's e-mail address to confirm.";

/**
 * "Your data" (issue 34, D28): download everything we hold about you, or delete your account. The
 * deletion posts to the page's action, so it works before the scripts load; `refused` is its refusal.
 */
export function YourDataSection({ profile, refused }: { profile: Pick<OwnProfile, "userId" | "email">; refused?: EraseAccountAnswer }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [missingEmail, setMissingEmail] = useState(false);
  const navigation = useNavigation();
  const erasingPost = navigation.formData?.get("intent") === ERASE_ACCOUNT_INTENT;
  const erasing = erasingPost && navigation.state !== "idle";
  // The action answers an erased account with a redirect home: the navigation loads "/" for this form's post.
  const erased = erasingPost && navigation.state === "loading" && navigation.location.pathname === paths.home;
  const problem = missingEmail ? EMAIL_REQUIRED : (refused?.problem ?? null);

  useEffect(() => {
    if (!refused) return;
    toast.error("Your account was not deleted", { description: refused.problem });
  }, [refused]);

  useEffect(() => {
    if (!erased) return;
    markSignedOut(profile.userId);
    try {
      window.sessionStorage.clear();
    } catch {
      // Storage may be blocked; there is nothing of ours in it then either.
    }
    toast.success(ACCOUNT_DELETED_TOAST.title, { description: ACCOUNT_DELETED_TOAST.description });
  }, [erased, profile.userId]);

  function submit(event: FormEvent<HTMLFormElement>) {
    const typed = email.trim();
    setMissingEmail(!typed);
    if (!typed) event.preventDefault();
  }

  return (
    <section aria-labelledby="your-data-heading" className="mt-10 flex flex-col gap-6 border-t border-border pt-8">
      <div className="flex flex-col items-start">
        <h2 id="your-data-heading" className="text-lg font-bold">
          Your data
        </h2>
        <p className="mt-1 text-sm text-muted">A file of everything we hold about you: your account, profile, orders, tickets, refunds, payouts and messages.</p>
        <a href={EXPORT_PATH} download className={buttonVariants({ variant: "outline", className: "mt-4" })}>
          Download my data
        </a>
      </div>
      {/* Posted, never a GET: a submit before the scripts run must not put the password in the address. */}
      <Form method="post" noValidate onSubmit={submit} aria-labelledby="delete-account-heading" className="flex flex-col gap-4 rounded-xl border border-red-200 p-4">
        <input type="hidden" name="intent" value={ERASE_ACCOUNT_INTENT} />
        <h3 id="delete-account-heading" className="font-bold">
          Delete my account
        </h3>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
          <li>
            <strong className="text-ink">Deleted:</strong> {ERASURE_TERMS.deleted}
          </li>
          <li>
            <strong className="text-ink">Kept:</strong> {ERASURE_TERMS.kept}
          </li>
          <li>{ERASURE_TERMS.organiserRule}</li>
        </ul>
        <Field id="delete-account-email" label="Your e-mail address" hint={`Type ${profile.email} to confirm.`}>
          <Input name="email" type="email" autoComplete="off" autoCapitalize="none" spellCheck={false} value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field id="delete-account-password" label="Password" hint={`Signed in with a code in the last ${ERASURE_FRESH_SIGN_IN_MINUTES} minutes? You can leave this empty.`}>
          <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" variant="danger" disabled={erasing} className="self-start">
          {erasing ? "Deleting…" : "Delete my account"}
        </Button>
      </Form>
    </section>
  );
}
