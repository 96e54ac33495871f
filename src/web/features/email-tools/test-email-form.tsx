import { CircleAlert, CircleCheck, Loader2, Mail, Send, Sparkles } from "lucide-react";
import { useRef, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { SampleEmail } from "./email-test-text";
import { useTestEmailForm } from "./send-test-email";

/** Card 1 of /email-test: To Email, Subject and HTML Content, all required (spec §5 Email-test form). */
export function TestEmailForm({ ownEmail, isAdmin, sample }: { ownEmail: string; isAdmin: boolean; sample: SampleEmail }) {
  const { fields, errors, sending, last, change, insertSample, send } = useTestEmailForm(ownEmail, sample);
  const toEmailRef = useRef<HTMLInputElement>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlContentRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = await send();
    if (invalid === "toEmail") toEmailRef.current?.focus();
    else if (invalid === "subject") subjectRef.current?.focus();
    else if (invalid === "htmlContent") htmlContentRef.current?.focus();
  }

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div>
          <CardTitle className="flex items-center gap-2">
            <Mail className="size-5 text-brand-600" aria-hidden="true" />
            Send a test email
          </CardTitle>
          <p className="mt-1.5 text-sm text-muted">Write an HTML email and send it through the live email setup.</p>
        </div>
        <Button type="button" variant="secondary" size="sm" className="self-start" onClick={insertSample} disabled={sending}>
          <Sparkles aria-hidden="true" />
          Insert Sample
        </Button>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            id="test-email-to"
            label="To Email"
            error={errors.toEmail}
            hint={isAdmin ? "As an admin you may send to any address." : `You can send only to your own verified address, ${ownEmail}.`}
          >
            <Input
              ref={toEmailRef}
              type="email"
              name="toEmail"
              required
              autoComplete="email"
              placeholder={ownEmail}
              value={fields.toEmail}
              onChange={(event) => change("toEmail", event.target.value)}
            />
          </Field>
          <Field id="test-email-subject" label="Subject" error={errors.subject}>
            <Input ref={subjectRef} name="subject" required value={fields.subject} onChange={(event) => change("subject", event.target.value)} />
          </Field>
          <Field id="test-email-html" label="HTML Content" error={errors.htmlContent}>
            <Textarea
              ref={htmlContentRef}
              name="htmlContent"
              required
              rows={7}
              spellCheck={false}
              placeholder="<h1>Hello!</h1>"
              value={fields.htmlContent}
              onChange={(event) => change("htmlContent", event.target.value)}
              code
            />
          </Field>
          <Button type="submit" className="self-start" disabled={sending}>
            {sending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Send aria-hidden="true" />}
            Send Email
          </Button>
        </form>
        <div role="status" className="mt-4 empty:hidden">
          {last && (
            <p className={`flex items-start gap-2.5 rounded-xl px-4 py-3 text-sm ${last.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 font-medium text-red-800"}`}>
              {last.ok ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
              <span className="min-w-0 break-words">{last.text}</span>
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
