import { useId } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { AttendeeNameFieldProps } from "../use-attendee-name";

/** 'Name on the ticket' at checkout (issue 17): the name organisers, door staff and the e-mail show. */
export function AttendeeNameField({ name, onNameChange, error, inputRef, disabled }: AttendeeNameFieldProps & { disabled?: boolean }) {
  const id = useId();
  return (
    <Field id={`${id}-attendee-name`} label="Name on the ticket" hint="Shown on your ticket and to the organiser at the door." error={error}>
      <Input
        ref={inputRef}
        name="attendeeName"
        type="text"
        autoComplete="name"
        required
        value={name}
        disabled={disabled}
        onChange={(event) => onNameChange(event.target.value)}
      />
    </Field>
  );
}
