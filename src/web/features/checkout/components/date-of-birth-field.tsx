import { useId } from "react";
import { latestAllowedDateOfBirth } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { DateOfBirthFieldProps } from "../use-date-of-birth";

/** 'Date of birth' at checkout, shown once an age-limited event asks for it (issue 34). */
export function DateOfBirthField({ value, onValueChange, error, inputRef, disabled }: DateOfBirthFieldProps & { disabled?: boolean }) {
  const id = useId();
  return (
    <Field
      id={`${id}-date-of-birth`}
      label="Date of birth"
      hint="This event has an age limit. We ask once and keep it on your account; it cannot be changed later."
      error={error}
    >
      <Input
        ref={inputRef}
        name="dateOfBirth"
        type="date"
        autoComplete="bday"
        // It appears when the checkout asks for it, after its module loads: the focus goes to it then.
        autoFocus
        required
        max={latestAllowedDateOfBirth()}
        value={value}
        disabled={disabled}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </Field>
  );
}
