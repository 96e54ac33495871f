import { Images, Loader2 } from "lucide-react";
import type { Ref } from "react";
import type { DashboardEvent, GeneratedImage, ImageSize } from "@domain";
import { useImageSharing } from "./use-image-sharing";
import { GeneratedImageCard } from "./generated-image-card";

const ASPECT: Record<ImageSize, string> = { "1536x1024": "aspect-[3/2]", "1024x1024": "aspect-square", "1024x1536": "aspect-[2/3]" };

/** spec §2 AI Image Creator: the history, newest first, kept only while the page is open. */
export function ImageHistory({
  ref,
  history,
  generating,
  pendingSize,
  ownEvents,
  suggestedEventId,
}: {
  ref?: Ref<HTMLElement>;
  history: GeneratedImage[];
  generating: boolean;
  pendingSize: ImageSize;
  ownEvents: DashboardEvent[];
  suggestedEventId: string;
}) {
  const { download, share } = useImageSharing();
  return (
    <section ref={ref} aria-labelledby="image-history-heading" aria-busy={generating} className="flex scroll-mt-24 flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="image-history-heading" className="text-xl font-bold">
          Your images
        </h2>
        <p role="status" className="text-sm text-muted">
          {history.length === 0 ? "" : history.length === 1 ? "1 image" : `${history.length} images`}
        </p>
      </div>
      {history.length === 0 && !generating ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-white px-6 py-12 text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Images className="size-6" aria-hidden="true" />
          </span>
          <p className="max-w-sm text-sm text-muted">Images you generate appear here, newest first. They are kept only while this page is open, so download the ones you want to keep.</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-5">
          {generating && (
            <li className="flex flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm md:flex-row">
              <div className="flex justify-center bg-surface p-3 md:w-1/2 md:shrink-0">
                <div className={`flex max-h-[26rem] w-full animate-pulse items-center justify-center rounded-lg bg-brand-50 motion-reduce:animate-none ${ASPECT[pendingSize]}`}>
                  <Loader2 className="size-8 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
                </div>
              </div>
              <p className="p-4 text-sm font-medium text-ink md:p-5">Generating your image…</p>
            </li>
          )}
          {history.map((image) => (
            <GeneratedImageCard
              key={image.imageUrl}
              image={image}
              ownEvents={ownEvents}
              suggestedEventId={suggestedEventId}
              onDownload={() => void download(image)}
              onShare={() => void share(image)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
