import { EVENT_CATEGORIES } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { FormBindings } from "./form-bindings";
import { RequiredMark } from "./required-mark";

/** Event Title, description and event type (spec §2 Create/edit event). */
export function EventBasicsFields({ values, onChange, errorFor }: FormBindings) {
  return (
    <>
      <Field
        id="event-title"
        label={
          <>
            Event Title
            <RequiredMark />
          </>
        }
        error={errorFor("title")}
      >
        <Input
          name="title"
          required
          maxLength={150}
          placeholder="e.g. Summer Jazz Night"
          value={values.title}
          onChange={(event) => onChange("title", event.target.value)}
        />
      </Field>
      <Field id="event-description" label="Description" hint="What to expect, who it is for, and anything to bring." error={errorFor("description")}>
        <Textarea
          name="description"
          rows={5}
          maxLength={5000}
          value={values.description}
          onChange={(event) => onChange("description", event.target.value)}
        />
      </Field>
      <Field
        id="event-category"
        label={
          <>
            Event Type
            <RequiredMark />
          </>
        }
        hint="Restaurant/Food and Ongoing Business are listed as businesses."
        error={errorFor("category")}
      >
        <Select name="category" required value={values.category} onChange={(event) => onChange("category", event.target.value)}>
          <option value="" disabled>
            Select event type
          </option>
          {EVENT_CATEGORIES.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </Select>
      </Field>
    </>
  );
}
