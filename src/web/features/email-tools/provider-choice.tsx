import type { TicketEmailProvider } from "@domain";
import { TICKET_EMAIL_CHOICES } from "~/lib/send-ticket-email";

/** spec §9 E-mail: brevo on the resend page, resend on the test page. */
export const DEFAULT_PROVIDER = { resendPage: "brevo", testPage: "resend" } as const satisfies Record<string, TicketEmailProvider>;

/** The way to send as two radio buttons (spec §2: resend or brevo, in plain words); `defaultValue` is marked as the default. */
export function ProviderChoice({
  name,
  value,
  defaultValue,
  onChange,
  disabled,
}: {
  name: string;
  value: TicketEmailProvider;
  defaultValue: TicketEmailProvider;
  onChange: (provider: TicketEmailProvider) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled} className="@container min-w-0">
      <legend className="text-sm font-semibold text-ink">How to send</legend>
      <div className="mt-1.5 grid gap-2 @sm:grid-cols-2">
        {TICKET_EMAIL_CHOICES.map((option) => (
          <label
            key={option.value}
            className="flex h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-border bg-white px-3.5 text-sm font-semibold text-ink transition-colors hover:bg-surface has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-200"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="size-4 accent-brand-600"
            />
            {option.label}
            {option.value === defaultValue && <span className="text-xs font-medium text-muted">(default)</span>}
          </label>
        ))}
      </div>
      {defaultValue === TICKET_EMAIL_CHOICES[0]?.value && <p className="mt-1.5 text-sm text-muted">If the email does not arrive, try another way.</p>}
    </fieldset>
  );
}
