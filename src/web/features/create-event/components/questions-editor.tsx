import { Plus, Trash2 } from "lucide-react";
import { MAX_QUESTIONS, QUESTION_KINDS, QUESTION_KIND_LABELS, QUESTION_LABEL_MAX_LENGTH, type QuestionKind } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { newQuestion, type QuestionFormValues } from "../lib/event-form";

// The event form's questions about each ticket's attendee (issue 36). Loaded only once the organiser adds a
// question or edits an event that asks some, so the spec's form carries none of it.

export interface QuestionsEditorProps {
  questions: QuestionFormValues[];
  /** The event's types by name while it sells several; null: it sells one, so a question is on every ticket. */
  typeNames: string[] | null;
  error: string | null;
  onChange: (questions: QuestionFormValues[]) => void;
  disabled?: boolean;
}

export function QuestionsEditor({ questions, typeNames, error, onChange, disabled }: QuestionsEditorProps) {
  const change = (index: number, next: Partial<QuestionFormValues>) => onChange(questions.map((question, i) => (i === index ? { ...question, ...next } : question)));
  return (
    <div className="flex flex-col gap-4">
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {questions.map((question, index) => {
        const base = `question-${question.key}`;
        const number = index + 1;
        return (
          <fieldset key={question.key} className="flex flex-col gap-4 rounded-xl border border-border p-4">
            <legend className="px-1 text-sm font-bold text-ink">Question {number}</legend>
            <Field id={`${base}-label`} label="Question" hint="What to ask, such as Dietary needs or Child's age.">
              <Input type="text" maxLength={QUESTION_LABEL_MAX_LENGTH} value={question.label} disabled={disabled} onChange={(event) => change(index, { label: event.target.value })} />
            </Field>
            <Field id={`${base}-kind`} label="Answered with">
              <Select value={question.kind} disabled={disabled} onChange={(event) => change(index, { kind: event.target.value as QuestionKind })}>
                {QUESTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {QUESTION_KIND_LABELS[kind]}
                  </option>
                ))}
              </Select>
            </Field>
            {question.kind === "choice" && (
              <Field id={`${base}-options`} label="Options, one per line" hint="At least two.">
                <Textarea rows={3} value={question.options} disabled={disabled} onChange={(event) => change(index, { options: event.target.value })} />
              </Field>
            )}
            <label htmlFor={`${base}-required`} className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                id={`${base}-required`}
                type="checkbox"
                checked={question.required}
                disabled={disabled}
                onChange={(event) => change(index, { required: event.target.checked })}
                className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
              />
              {question.kind === "checkbox" ? "Must be ticked to buy" : "Must be answered"}
            </label>
            {typeNames && typeNames.length > 1 && <AskedOn base={base} number={number} question={question} typeNames={typeNames} disabled={disabled} onChange={(ticketTypes) => change(index, { ticketTypes })} />}
            <Button type="button" variant="outline" size="sm" className="self-start" disabled={disabled} onClick={() => onChange(questions.filter((_, i) => i !== index))}>
              <Trash2 aria-hidden="true" />
              Remove question {number}
            </Button>
          </fieldset>
        );
      })}
      {questions.length < MAX_QUESTIONS && (
        <Button type="button" variant="outline" className="self-start" disabled={disabled} onClick={() => onChange([...questions, newQuestion()])}>
          <Plus aria-hidden="true" />
          Add a question
        </Button>
      )}
    </div>
  );
}

/** The types a question is asked on: all ticked is every ticket (null), as a type added later is asked too. */
function AskedOn({ base, number, question, typeNames, disabled, onChange }: { base: string; number: number; question: QuestionFormValues; typeNames: string[]; disabled?: boolean; onChange: (ticketTypes: string[] | null) => void }) {
  const asked = (name: string) => question.ticketTypes === null || question.ticketTypes.some((chosen) => chosen.toLowerCase() === name.toLowerCase());
  const toggle = (name: string, on: boolean) => {
    const next = typeNames.filter((type) => (type === name ? on : asked(type)));
    onChange(next.length === typeNames.length ? null : next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-ink">Ask question {number} on</legend>
      {typeNames.map((name, index) => (
        <label key={`${name}-${index}`} htmlFor={`${base}-type-${index}`} className="flex cursor-pointer items-center gap-3 text-sm">
          <input
            id={`${base}-type-${index}`}
            type="checkbox"
            checked={asked(name)}
            disabled={disabled}
            onChange={(event) => toggle(name, event.target.checked)}
            className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          />
          {name || `Type ${index + 1}`}
        </label>
      ))}
    </fieldset>
  );
}
