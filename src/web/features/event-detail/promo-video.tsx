import { VideoOff } from "lucide-react";
import { parseVideoUrl } from "@domain";

/** The promo video (spec §2 Event detail, Video display): embedded, native, or 'Invalid video URL'. */
export function PromoVideo({ url, eventTitle, poster }: { url: string; eventTitle: string; poster?: string | null }) {
  const source = parseVideoUrl(url);
  const title = `${eventTitle} promo video`;

  if (source.kind === "youtube" || source.kind === "vimeo") {
    return (
      <div className="aspect-video overflow-hidden rounded-2xl bg-ink shadow-sm">
        <iframe
          src={source.embedUrl}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      </div>
    );
  }

  if (source.kind === "file") {
    return (
      <video
        controls
        preload="none"
        playsInline
        poster={poster ?? undefined}
        aria-label={title}
        className="aspect-video w-full rounded-2xl bg-ink object-cover shadow-sm"
      >
        <source src={source.src} type={source.mimeType} />
        Your browser cannot play this video.
      </video>
    );
  }

  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-border bg-surface text-muted">
      <VideoOff className="size-8" aria-hidden="true" />
      <p className="text-sm font-semibold">Invalid video URL</p>
    </div>
  );
}
