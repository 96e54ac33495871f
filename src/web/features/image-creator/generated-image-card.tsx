import { CalendarCheck, Download, Share2 } from "lucide-react";
import { useId, useState } from "react";
import { IMAGE_STYLE_LABELS, formatEventTime, imageDimensions, type DashboardEvent, type GeneratedImage } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { imageAlt, sizeLabel } from "./image-creator";
import { UseForEvent } from "./use-for-event";

/** One image of the history: the picture, what it was made from, and what can be done with it. */
export function GeneratedImageCard({
  image,
  ownEvents,
  suggestedEventId,
  onDownload,
  onShare,
}: {
  image: GeneratedImage;
  ownEvents: DashboardEvent[];
  suggestedEventId: string;
  onDownload: () => void;
  onShare: () => void;
}) {
  const [using, setUsing] = useState(false);
  const panelId = useId();
  const { width, height } = imageDimensions(image.size);

  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm md:flex-row">
      <div className="flex items-center justify-center bg-surface p-3 md:w-1/2 md:shrink-0">
        <img src={image.imageUrl} alt={imageAlt(image)} width={width} height={height} className="h-auto max-h-[26rem] w-auto max-w-full rounded-lg object-contain shadow-sm" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4 md:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">{IMAGE_STYLE_LABELS[image.style]}</Badge>
          <Badge variant="outline">{sizeLabel(image.size)}</Badge>
          <span className="text-xs text-muted">
            Made at <time dateTime={image.timestamp}>{formatEventTime(image.timestamp)}</time>
          </span>
        </div>
        <p className="line-clamp-3 text-sm text-muted" title={image.prompt}>
          {image.prompt}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onDownload}>
            <Download aria-hidden="true" />
            Download
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={onShare}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <Button type="button" variant={using ? "default" : "secondary"} size="sm" aria-expanded={using} aria-controls={panelId} onClick={() => setUsing((open) => !open)}>
            <CalendarCheck aria-hidden="true" />
            Use for an event
          </Button>
        </div>
        {using && <UseForEvent id={panelId} image={image} ownEvents={ownEvents} suggestedEventId={suggestedEventId} />}
      </div>
    </li>
  );
}
