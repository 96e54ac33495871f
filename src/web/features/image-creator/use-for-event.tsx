import { CalendarPlus, CircleCheck, Loader2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import type { DashboardEvent, GeneratedImage } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { paths } from "~/paths";
import { setEventImage } from "./set-event-image";
import { createEventWithImagePath, eventOptionLabel } from "./image-creator";

/** One click from a generated image to an event's picture: one of the organiser's events, or a new one. */
export function UseForEvent({ id, image, ownEvents: events, suggestedEventId }: { id: string; image: GeneratedImage; ownEvents: DashboardEvent[]; suggestedEventId: string }) {
  const [eventId, setEventId] = useState(() => (events.some((event) => event.id === suggestedEventId) ? suggestedEventId : (events[0]?.id ?? "")));
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<DashboardEvent | null>(null);
  const chosen = eventId || events[0]?.id || "";

  async function apply() {
    const event = events.find((candidate) => candidate.id === chosen);
    if (!event || saving) return;
    setSaving(true);
    try {
      await setEventImage(event.id, image.imageUrl);
      setDone(event);
      toast.success("Event image updated", { description: `${event.title} now shows this image.` });
    } catch (error) {
      toast.error("Could not update the event image", { description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div id={id} className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4">
      {events.length === 0 ? (
        <p className="text-sm text-muted">You have no events yet.</p>
      ) : (
        <div className="flex flex-col gap-3">
          <Field id={`${id}-event`} label="Your event">
            <Select value={chosen} onChange={(change) => setEventId(change.target.value)}>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {eventOptionLabel(event)}
                </option>
              ))}
            </Select>
          </Field>
          <Button type="button" className="self-start" onClick={() => void apply()} disabled={saving || !chosen}>
            {saving && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
            {saving ? "Saving..." : "Use this image"}
          </Button>
        </div>
      )}
      {events.length > 0 && (
        <p className="text-xs text-muted">Event pages show pictures in a wide 16:9 frame: the image goes in whole, with a soft border filling the sides.</p>
      )}
      <div role="status" className="empty:hidden">
        {done && (
          <p className="flex items-start gap-2 text-sm text-emerald-800">
            <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Now the image of{" "}
              <Link to={paths.event(done.id)} className="font-semibold underline underline-offset-2">
                {done.title}
              </Link>
              .
            </span>
          </p>
        )}
      </div>
      <Link to={createEventWithImagePath(image.imageUrl)} className={buttonVariants({ variant: "link", size: "sm", className: "self-start" })}>
        <CalendarPlus aria-hidden="true" />
        Create an event with this image
      </Link>
    </div>
  );
}
