import { CalendarDays } from "lucide-react";
import { useState } from "react";
import { cn } from "~/lib/cn";
import { responsiveImage } from "@domain";

/**
 * A 16:9 event image with a placeholder when it is missing or fails to load. `fit="contain"` frames the
 * whole image on a neutral ground instead of filling the frame: for thumbnails, where cropping would cut
 * a poster's words (issue 17).
 */
export function EventImage({
  url,
  alt,
  sizes,
  priority = false,
  fit = "cover",
  className,
}: {
  url: string | null;
  alt: string;
  sizes: string;
  priority?: boolean;
  fit?: "cover" | "contain";
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const image = responsiveImage(url);
  if (!image || failed) {
    return (
      <div
        // An empty alt means the image is decorative (the title is beside it): hide the placeholder too.
        {...(alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true })}
        className={cn("flex aspect-video w-full items-center justify-center bg-gradient-to-br from-brand-600 via-brand-500 to-accent-500", className)}
      >
        <CalendarDays className="size-10 text-white/80" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn("aspect-video w-full", fit === "contain" ? "bg-slate-100 object-contain" : "bg-brand-100 object-cover", className)}
    />
  );
}
