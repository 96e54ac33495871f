import { useId } from "react";
import { ANSWER_MAX_LENGTH, ATTENDEE_EMAIL_MAX, ATTENDEE_NAME_MAX } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { AskedQuestion, TicketAttendeesFieldProps } from "../use-ticket-attendees";

type Keep = TicketAttendeesFieldProps["fieldRef"];

/**
 * The tickets of a checkout line (issue 36), each its own fieldset: for each ticket not the buyer's own the
 * attendee's name, or "Same as mine" (which puts the buyer's name on it), and their e-mail, optional, to
 * which they get their own ticket; on every ticket, the buyer's too, the organiser's questions.
 */
export function TicketAttendeesFields({ tickets, buyerFirst, errors, buyerName, onChange, fieldRef, questions, answers, answerErrors, onAnswer, disabled }: TicketAttendeesFieldProps & { disabled?: boolean }) {
  const id = useId();
  // The buyer's own ticket is named in the name field: it has a fieldset only for its questions.
  const shown = tickets.flatMap((_, index) => (buyerFirst && index === 0 && questions.length === 0 ? [] : [index]));
  if (shown.length === 0) return null;
  const asked = (ticket: number) =>
    questions.map((question) => (
      <QuestionField
        key={question.id}
        id={`${id}-ticket-${ticket + 1}-q-${question.id}`}
        question={question}
        value={answers[ticket]?.[question.id]}
        error={answerErrors[ticket]?.[question.id]}
        disabled={disabled}
        fieldRef={fieldRef(`${ticket}-q-${question.id}`)}
        onAnswer={(answer) => onAnswer(ticket, question.id, answer)}
      />
    ));
  return (
    <div className="flex flex-col gap-4">
      {shown.map((index) => {
        const number = index + 1;
        if (buyerFirst && index === 0) {
          return (
            <fieldset key={number} className="flex flex-col gap-3 rounded-xl border border-border p-4">
              <legend className="px-1 text-sm font-bold text-ink">{tickets.length > 1 ? "Ticket 1 (yours)" : "Your ticket"}</legend>
              {asked(0)}
            </fieldset>
          );
        }
        const ticket = tickets[index]!;
        const base = `${id}-ticket-${number}`;
        return (
          <fieldset key={number} className="flex flex-col gap-3 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-bold text-ink">Ticket {number}</legend>
            <label htmlFor={`${base}-same`} className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                id={`${base}-same`}
                type="checkbox"
                checked={ticket.same}
                disabled={disabled}
                onChange={(event) => onChange(index, { same: event.target.checked })}
                className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
              />
              Same as mine
            </label>
            <Field id={`${base}-name`} label={`Name on ticket ${number}`} error={ticket.same ? null : errors[index]?.name}>
              <Input
                ref={fieldRef(`${index}-name`)}
                type="text"
                autoComplete="off"
                maxLength={ATTENDEE_NAME_MAX * 2}
                required={!ticket.same}
                value={ticket.same ? buyerName : ticket.name}
                disabled={disabled || ticket.same}
                onChange={(event) => onChange(index, { name: event.target.value })}
              />
            </Field>
            <Field id={`${base}-email`} label="Their e-mail (optional)" hint="They get their own ticket." error={errors[index]?.email}>
              <Input
                ref={fieldRef(`${index}-email`)}
                type="email"
                autoComplete="off"
                maxLength={ATTENDEE_EMAIL_MAX}
                value={ticket.email}
                disabled={disabled}
                onChange={(event) => onChange(index, { email: event.target.value })}
              />
            </Field>
            {asked(index)}
          </fieldset>
        );
      })}
    </div>
  );
}

/** One question on one ticket: short text, a choice, or a tick box; "(optional)" when it may be left. */
function QuestionField({
  id,
  question,
  value,
  error,
  disabled,
  fieldRef,
  onAnswer,
}: {
  id: string;
  question: AskedQuestion;
  value: string | boolean | undefined;
  error: string | undefined;
  disabled?: boolean;
  fieldRef: ReturnType<Keep>;
  onAnswer: (answer: string | boolean) => void;
}) {
  const label = question.required ? question.label : `${question.label} (optional)`;
  if (question.kind === "checkbox") {
    const errorId = error ? `${id}-error` : undefined;
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            ref={fieldRef}
            id={id}
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(event) => onAnswer(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          />
          {label}
        </label>
        {error && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    );
  }
  return (
    <Field id={id} label={label} error={error}>
      {question.kind === "choice" ? (
        <Select ref={fieldRef} value={typeof value === "string" ? value : ""} disabled={disabled} required={question.required} onChange={(event) => onAnswer(event.target.value)}>
          <option value="">Choose…</option>
          {question.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      ) : (
        <Input ref={fieldRef} type="text" autoComplete="off" maxLength={ANSWER_MAX_LENGTH} value={typeof value === "string" ? value : ""} disabled={disabled} required={question.required} onChange={(event) => onAnswer(event.target.value)} />
      )}
    </Field>
  );
}
