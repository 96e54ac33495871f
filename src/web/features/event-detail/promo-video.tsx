import { Play, VideoOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { parseVideoUrl } from "@domain";

const PROVIDER_NAMES = { youtube: "YouTube", vimeo: "Vimeo" } as const;

/**
 * An embedded player stays a placeholder until the visitor asks for it: the frame is another company's
 * page, which would otherwise be loaded (and could set its cookies) on every visit (issue 34).
 */
function ClickToPlay({ embedUrl, provider, title, poster }: { embedUrl: string; provider: keyof typeof PROVIDER_NAMES; title: string; poster?: string | null }) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  if (playing) {
    // Vimeo's dnt=1 stops its player tracking the session; youtube-nocookie.com does the same for YouTube.
    const src = `${embedUrl}?autoplay=1${provider === "vimeo" ? "&dnt=1" : ""}`;
    return (
      <div className="aspect-video overflow-hidden rounded-2xl bg-ink shadow-sm">
        <iframe
          ref={frame}
          src={src}
          title={title}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="size-full border-0"
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl bg-ink text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {poster && <img src={poster} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover opacity-60" />}
      <span className="relative flex flex-col items-center gap-3 px-4 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-brand-700 shadow-lg transition-transform group-hover:scale-105">
          <Play className="ml-1 size-7 fill-current" aria-hidden="true" />
        </span>
        <span className="rounded-lg bg-ink/80 px-3 py-1.5 text-sm font-semibold">Play video (loads {PROVIDER_NAMES[provider]})</span>
      </span>
    </button>
  );
}

/**
 * The promo video (spec §2 Event detail, Video display): an embed behind a click, a native player that
 * fetches nothing until played, or 'Invalid video URL'.
 */
export function PromoVideo({ url, eventTitle, poster }: { url: string; eventTitle: string; poster?: string | null }) {
  const source = parseVideoUrl(url);
  const title = `${eventTitle} promo video`;

  if (source.kind === "youtube" || source.kind === "vimeo") {
    return <ClickToPlay embedUrl={source.embedUrl} provider={source.kind} title={title} poster={poster} />;
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
