import type { EventFormField, EventFormValues, ProblemField } from "../lib/event-form";

/** What each group of fields needs from the form: the values, a way to change one, and its error. */
export interface FormBindings {
  values: EventFormValues;
  onChange: <F extends EventFormField>(field: F, value: EventFormValues[F]) => void;
  errorFor: (field: ProblemField) => string | null;
}
