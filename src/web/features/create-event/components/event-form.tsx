import { Plus } from "lucide-react";
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { EditableEvent } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { createEvent, updateEvent } from "../save-event";
import { useEventImage } from "../hooks/use-event-image";
import { usePrefilledImage } from "../hooks/use-prefilled-image";
import type { AssembledEvent } from "../lib/event-checks";
import {
  EMPTY_EVENT_FORM,
  formValuesFromEvent,
  newQuestion,
  sellsTickets,
  submitButtonLabel,
  withAnotherTicketType,
  withCategory,
  type EventFormField,
  type EventFormValues,
  type FormMode,
  type ProblemField,
  type TicketTypeFormValues,
} from "../lib/event-form";
import { EVENT_TOASTS, pathAfterForm, saveFailedTitle, saveFailureProblem, type SaveProblem } from "../lib/event-toasts";
import type { Organiser } from "../lib/organiser-options";
import { AbsorbFeeField } from "./absorb-fee-field";
import { AffiliateCodeField } from "./affiliate-code-field";
import { EventBasicsFields } from "./event-basics-fields";
import { EventImageField } from "./event-image-field";
import { EventScheduleFields } from "./event-schedule-fields";
import { EventTicketsFields } from "./event-tickets-fields";
import type { FormBindings } from "./form-bindings";

// Not every organiser sees these (admins, a paid price with sales waiting): their code loads when they show (issue 35).
const OrganiserSelect = lazy(() => import("./organiser-select").then((module) => ({ default: module.OrganiserSelect })));
const PayoutsPendingNote = lazy(() => import("./payouts-pending-note").then((module) => ({ default: module.PayoutsPendingNote })));
const SellerDetailsPendingNote = lazy(() => import("./seller-details-pending-note").then((module) => ({ default: module.SellerDetailsPendingNote })));
// The spec's form sells one price; the list of types loads when a second is added or an event with several is edited (issue 36).
const QuestionsEditor = lazy(() => import("./questions-editor").then((module) => ({ default: module.QuestionsEditor })));
const TicketTypesEditor = lazy(() => import("./ticket-types-editor").then((module) => ({ default: module.TicketTypesEditor })));

/** Create an event, or edit one when `event` is given (spec §2 Create/edit event, §4, §5, §8). */
export function EventForm({
  event,
  actor,
  organisers,
  payoutsPending = false,
  sellerDetailsPending = false,
}: {
  event: EditableEvent | null;
  actor: { id: string; isAdmin: boolean };
  /** Admins only (null otherwise, or when the list failed to load). */
  organisers: Organiser[] | null;
  payoutsPending?: boolean;
  /** Paid events wait for the organiser's seller details (issue 34). */
  sellerDetailsPending?: boolean;
}) {
  const mode: FormMode = event ? "edit" : "create";
  const [values, setValues] = useState<EventFormValues>(() => (event ? formValuesFromEvent(event, actor.id) : EMPTY_EVENT_FORM));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saving, setSaving] = useState(false);
  /** A control to focus once it is drawn: a type just added, or one a refusal is about. */
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  /** Saved types taken out of the list: the server may refuse to remove one that has sales (409 TICKET_TYPE_SOLD). */
  const [removedTypes, setRemovedTypes] = useState<{ type: TicketTypeFormValues; index: number }[]>([]);
  const navigate = useNavigate();

  const onChange = <F extends EventFormField>(field: F, value: EventFormValues[F]) => {
    setValues((current) => (field === "category" ? withCategory(current, String(value)) : { ...current, [field]: value }));
    // A change to the types may move them: a problem about one by its place no longer points at it.
    if (problem?.field === field || (field === "ticketTypes" && problem?.field?.startsWith("ticketTypes"))) setProblem(null);
  };
  const errorFor = (field: ProblemField) => (problem?.field === field ? (problem.message ?? null) : null);
  const bindings: FormBindings = { values, onChange, errorFor };

  const image = useEventImage({
    url: values.imageUrl,
    onUrlChange: (url) => onChange("imageUrl", url),
    onAccepted: () => {
      if (problem?.field === "imageUrl") setProblem(null);
    },
    onRejected: (toastText, reason) => report({ toast: toastText, field: "imageUrl", message: reason }),
  });
  usePrefilledImage({ enabled: mode === "create", chooseFile: image.chooseFile, typeUrl: image.typeUrl });

  function addAnotherTicketType() {
    setValues((current) => withAnotherTicketType(current, event));
    setFocusTarget("ticketTypes.1.name");
  }

  /**
   * The server refused to remove a type with sales (409 TICKET_TYPE_SOLD, naming it): it goes back where it
   * was, to be ended instead, and the refusal is shown on it.
   */
  function restoreSoldType(found: SaveProblem): SaveProblem {
    const message = found.message ?? "";
    const stuck = removedTypes.find(({ type }) => message.startsWith(`${type.name.trim()} has`)) ?? removedTypes[0];
    if (!stuck || values.ticketTypes === null) return found;
    const index = Math.min(stuck.index, values.ticketTypes.length);
    const ticketTypes = [...values.ticketTypes];
    ticketTypes.splice(index, 0, { ...stuck.type, removable: false });
    setValues((current) => ({ ...current, ticketTypes }));
    setRemovedTypes((removed) => removed.filter((entry) => entry !== stuck));
    return { ...found, field: `ticketTypes.${index}` };
  }

  function report(found: SaveProblem, form?: HTMLFormElement | null) {
    if (found.typeSold) found = restoreSoldType(found);
    setProblem(found);
    toast.error(found.toast.title, found.toast.description ? { description: found.toast.description } : undefined);
    // An image problem is about the file when there is one, else about the URL.
    const name = found.field === "imageUrl" && image.file ? "imageFile" : found.field;
    // A type put back is drawn on the next render: it is focused then.
    if (found.typeSold && name) return setFocusTarget(name);
    const control = name && form?.elements.namedItem(name);
    if (control instanceof HTMLElement) control.focus();
  }

  async function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    const form = submitEvent.currentTarget;
    // Pending (and the button disabled) from the moment of sending: the checks load on the first submit.
    setSaving(true);
    let assembled: AssembledEvent;
    try {
      const { assembleEventInput } = await import("../lib/event-checks");
      assembled = assembleEventInput(values, {
        hasImageFile: image.file !== null,
        admin: actor.isAdmin ? { actorId: actor.id, editing: mode === "edit" } : null,
      });
    } catch {
      // The checks could not be fetched (offline): told as any other failed save.
      setSaving(false);
      return report(saveFailureProblem(undefined, mode), form);
    }
    if (!assembled.ok) {
      setSaving(false);
      const { field, message } = assembled.problem;
      return report({ toast: { title: saveFailedTitle(mode), description: message }, field, message }, form);
    }
    setProblem(null);
    try {
      if (event) await updateEvent(event.id, assembled.input, image.file);
      else await createEvent(assembled.input, image.file);
    } catch (error) {
      setSaving(false);
      return report(saveFailureProblem(error, mode), form);
    }
    const done = mode === "edit" ? EVENT_TOASTS.updated : EVENT_TOASTS.created;
    toast.success(done.title, { description: done.description });
    void navigate(pathAfterForm(mode));
  }

  return (
    <form noValidate onSubmit={submit} onPaste={image.handlePaste} aria-busy={saving} className="flex flex-col gap-8">
      <FormSection legend="Event details">
        <EventBasicsFields {...bindings} />
      </FormSection>

      <FormSection legend="Date and location">
        <EventScheduleFields {...bindings} />
      </FormSection>

      <FormSection legend="Tickets">
        <EventTicketsFields {...bindings} />
        {values.ticketTypes === null ? (
          <Button type="button" variant="outline" className="self-start" onClick={addAnotherTicketType}>
            <Plus aria-hidden="true" />
            Add another ticket type
          </Button>
        ) : (
          <Suspense fallback={null}>
            <TicketTypesEditor
              types={values.ticketTypes}
              absorbsBookingFee={values.absorbsBookingFee}
              errorFor={errorFor}
              onChange={(ticketTypes) => onChange("ticketTypes", ticketTypes)}
              onRemoved={(type, index) => {
                if (type.id) setRemovedTypes((removed) => [...removed, { type, index }]);
              }}
              focusTarget={focusTarget}
              onFocusTarget={setFocusTarget}
              disabled={saving}
            />
          </Suspense>
        )}
        <AbsorbFeeField {...bindings} />
        {sellsTickets(values) && (
          <Suspense fallback={null}>
            {sellerDetailsPending && <SellerDetailsPendingNote />}
            {payoutsPending && <PayoutsPendingNote />}
          </Suspense>
        )}
      </FormSection>

      <FormSection legend="Questions for each ticket" description="Asked at checkout about every ticket's attendee, such as dietary needs or a child's age. Answers show in your attendee list and its CSV.">
        {values.questions.length === 0 ? (
          <>
            {errorFor("questions") && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorFor("questions")}
              </p>
            )}
            <Button type="button" variant="outline" className="self-start" disabled={saving} onClick={() => onChange("questions", [newQuestion()])}>
              <Plus aria-hidden="true" />
              Add a question
            </Button>
          </>
        ) : (
          <Suspense fallback={null}>
            <QuestionsEditor
              questions={values.questions}
              typeNames={values.ticketTypes?.map((type) => type.name.trim()) ?? null}
              error={errorFor("questions")}
              onChange={(questions) => onChange("questions", questions)}
              disabled={saving}
            />
          </Suspense>
        )}
      </FormSection>

      <FormSection legend="Image and video" description="A landscape image (16:9) looks best on event cards.">
        <EventImageField
          url={values.imageUrl}
          pending={image.pending}
          error={errorFor("imageUrl")}
          onUrlChange={image.typeUrl}
          onFileChosen={image.chooseFile}
          onPasteRequested={() => void image.pasteFromClipboard()}
          onClear={image.clear}
        />
        <Field id="event-video-url" label="Video URL" hint="A YouTube or Vimeo link, or an MP4/WebM file, shown on the event page." error={errorFor("videoUrl")}>
          <Input
            name="videoUrl"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={values.videoUrl}
            onChange={(change) => onChange("videoUrl", change.target.value)}
          />
        </Field>
      </FormSection>

      <FormSection legend={actor.isAdmin ? "Affiliate and organizer" : "Affiliate"}>
        <AffiliateCodeField value={values.affiliateCode} error={errorFor("affiliateCode")} onChange={(code) => onChange("affiliateCode", code)} />
        {actor.isAdmin && (
          <Suspense fallback={null}>
            <OrganiserSelect
              organisers={organisers ?? []}
              actorId={actor.id}
              value={values.organiserId}
              error={errorFor("organiserId")}
              onChange={(organiserId) => onChange("organiserId", organiserId)}
            />
          </Suspense>
        )}
      </FormSection>

      {problem && !problem.field && (
        // Kept on the page after the toast has gone, for a failure that is not about one field.
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm font-medium text-red-800">
          {problem.toast.title}
          {problem.toast.description && `: ${problem.toast.description}`}
        </p>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
        <Button asChild variant="outline" size="lg">
          <Link to={pathAfterForm(mode)}>Cancel</Link>
        </Button>
        <Button type="submit" size="lg" disabled={saving}>
          {submitButtonLabel(mode, saving)}
        </Button>
      </div>
    </form>
  );
}

/** A group of related fields: a fieldset whose legend names the group for screen readers too. */
function FormSection({ legend, description, children }: { legend: string; description?: ReactNode; children: ReactNode }) {
  // The divider sits on a wrapper: a border on the fieldset itself would cut through the legend.
  return (
    <div className="border-t border-border pt-8 first:border-t-0 first:pt-0">
      <fieldset className="min-w-0">
        <legend className="text-lg font-bold">{legend}</legend>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        <div className="mt-5 flex flex-col gap-5">{children}</div>
      </fieldset>
    </div>
  );
}
