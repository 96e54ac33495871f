import { ImagePlus, Info, Loader2, WandSparkles } from "lucide-react";
import type { FormEvent } from "react";
import { IMAGE_PROMPT_MAX_LENGTH, IMAGE_SIZES, IMAGE_STYLE_LABELS, IMAGE_STYLES, type DashboardEvent, type ImageSize, type ImageStyle } from "@domain";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { CreatorFields } from "./use-image-creator";
import { eventOptionLabel, eventWhen, sizeLabel } from "./image-creator";

/** spec §2 AI Image Creator: event title, location, style, size and description; Auto-Generate and Generate Image. */
export function CreatorForm({
  fields,
  ownEvents,
  generating,
  aiConfigured,
  onChange,
  onStartFrom,
  onAutoGenerate,
  onGenerate,
}: {
  fields: CreatorFields;
  ownEvents: DashboardEvent[] | null;
  generating: boolean;
  aiConfigured: boolean;
  onChange: <Field extends keyof CreatorFields>(field: Field, value: CreatorFields[Field]) => void;
  onStartFrom: (event: DashboardEvent | null) => void;
  onAutoGenerate: () => void;
  onGenerate: () => void;
}) {
  const blank = fields.prompt.trim() === "";
  const chosenDate = fields.dateTime ? eventWhen(fields.dateTime) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onGenerate();
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <WandSparkles className="size-5 text-brand-600" aria-hidden="true" />
          Describe your image
        </CardTitle>
        <p className="text-sm text-muted">Fill in your event&apos;s details, choose a style and a size, then generate.</p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} aria-busy={generating} className="flex flex-col gap-5">
          {ownEvents && ownEvents.length > 0 && (
            <Field
              id="image-event"
              label="Start from one of your events"
              hint={chosenDate ? `The poster shows its date: ${chosenDate}.` : "Optional: fills in the title, location and date for you."}
            >
              <Select value={fields.eventId} onChange={(change) => onStartFrom(ownEvents.find((event) => event.id === change.target.value) ?? null)}>
                <option value="">Type the details myself</option>
                {ownEvents.map((event) => (
                  <option key={event.id} value={event.id}>
                    {eventOptionLabel(event)}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="image-title" label="Event Title">
              <Input name="title" maxLength={150} autoComplete="off" placeholder="e.g. Summer Jazz Night" value={fields.title} onChange={(change) => onChange("title", change.target.value)} />
            </Field>
            <Field id="image-location" label="Location">
              <Input name="location" maxLength={200} autoComplete="off" placeholder="e.g. Manchester" value={fields.location} onChange={(change) => onChange("location", change.target.value)} />
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="image-style" label="Style">
              <Select name="style" value={fields.style} onChange={(change) => onChange("style", change.target.value as ImageStyle)}>
                {IMAGE_STYLES.map((style) => (
                  <option key={style} value={style}>
                    {IMAGE_STYLE_LABELS[style]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="image-size" label="Size">
              <Select name="size" value={fields.size} onChange={(change) => onChange("size", change.target.value as ImageSize)}>
                {IMAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {sizeLabel(size)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <Field id="image-prompt" label="Description" hint="What the image should show. Auto-Generate writes one from the title, location and style; edit it as you like.">
            <Textarea
              name="prompt"
              rows={5}
              maxLength={IMAGE_PROMPT_MAX_LENGTH}
              placeholder="Describe the image you want, or use Auto-Generate."
              value={fields.prompt}
              onChange={(change) => onChange("prompt", change.target.value)}
            />
          </Field>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="button" variant="secondary" onClick={onAutoGenerate} disabled={generating}>
              <WandSparkles aria-hidden="true" />
              Auto-Generate
            </Button>
            <Button type="submit" disabled={generating || blank} className="sm:ml-auto">
              {generating ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
              {generating ? "Generating..." : "Generate Image"}
            </Button>
          </div>
          <p className="flex items-start gap-2 rounded-xl bg-surface px-3.5 py-3 text-xs leading-relaxed text-muted">
            <Info className="mt-px size-4 shrink-0 text-brand-600" aria-hidden="true" />
            {aiConfigured
              ? "Images are made by an AI image service from your description."
              : "Images are drawn by Eventora's built-in poster designer: it sets your title, location and date in the chosen style. The description is kept with each image."}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
