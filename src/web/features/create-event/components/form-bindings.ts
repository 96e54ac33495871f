import type { EventFormField, EventFormValues } from "../lib/event-form";

/** What each group of fields needs from the form: the values, a way to change one, and its error. */
export interface FormBindings {
  values: EventFormValues;
  onChange: (field: EventFormField, value: string) => void;
  errorFor: (field: EventFormField) => string | null;
}
