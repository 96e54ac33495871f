import { CircleAlert, CircleCheck, Loader2, Send } from "lucide-react";
import type { FormEvent } from "react";
import { useActionData } from "react-router";
import { CONTACT_LIMITS } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useContactForm } from "./use-contact-form";
import type { ContactField, ContactFormResult } from "./contact-fields";

/**
 * Contact form (spec §2 Contact; decisions.md D7): validated here and on the server, stored and e-mailed to
 * support. Hydrated, it sends through the API; before that it posts to the page's action, which does the
 * same on the server (issue 16, docs/decisions/017).
 */
export function ContactForm() {
  const { fields, errors, sending, outcome, change, send } = useContactForm(useActionData<ContactFormResult>());

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const invalid = await send();
    if (invalid) (form.elements.namedItem(invalid) as HTMLElement | null)?.focus();
  }

  const bind = (field: ContactField) => ({
    name: field,
    value: fields[field],
    required: true,
  });

  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby="contact-form-title" className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-first-name" label="First name" error={errors.firstName}>
          <Input {...bind("firstName")} autoComplete="given-name" maxLength={CONTACT_LIMITS.nameMax} onChange={(event) => change("firstName", event.target.value)} />
        </Field>
        <Field id="contact-last-name" label="Last name" error={errors.lastName}>
          <Input {...bind("lastName")} autoComplete="family-name" maxLength={CONTACT_LIMITS.nameMax} onChange={(event) => change("lastName", event.target.value)} />
        </Field>
      </div>
      <Field id="contact-email" label="Email" error={errors.email}>
        <Input {...bind("email")} type="email" autoComplete="email" inputMode="email" maxLength={CONTACT_LIMITS.emailMax} onChange={(event) => change("email", event.target.value)} />
      </Field>
      <Field id="contact-subject" label="Subject" error={errors.subject}>
        <Input {...bind("subject")} maxLength={CONTACT_LIMITS.subjectMax} onChange={(event) => change("subject", event.target.value)} />
      </Field>
      <Field id="contact-message" label="Message" error={errors.message} hint={`At least ${CONTACT_LIMITS.messageMin} characters. If it's about a booking, include your ticket code (it starts TCKT-).`}>
        <Textarea {...bind("message")} rows={6} maxLength={CONTACT_LIMITS.messageMax} onChange={(event) => change("message", event.target.value)} />
      </Field>
      <Button type="submit" size="lg" className="self-start" disabled={sending}>
        {sending ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {sending ? "Sending..." : "Send Message"}
      </Button>
      <div role="status" className="empty:hidden">
        {outcome && (
          <p className={`flex items-start gap-2.5 rounded-xl px-4 py-3 text-sm ${outcome.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 font-medium text-red-800"}`}>
            {outcome.ok ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            <span className="min-w-0 break-words">{outcome.text}</span>
          </p>
        )}
      </div>
    </form>
  );
}
