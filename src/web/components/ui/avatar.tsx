import { useState } from "react";
import { initials } from "@domain";
import { cn } from "~/lib/cn";

/** A round picture, or the name's initials (at most 2 letters, spec §9 Display) when there is none or it fails to load. */
export function Avatar({ name, url, className }: { name: string; url: string | null | undefined; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const letters = initials(name.replace(/[^\p{L}\p{N}\s]/gu, " ")) || "?";
  const frame = cn("flex shrink-0 items-center justify-center overflow-hidden rounded-full", className);
  if (url && url !== failedUrl) {
    return <img src={url} alt="" width={96} height={96} className={cn(frame, "bg-brand-100 object-cover")} onError={() => setFailedUrl(url)} />;
  }
  // The letters are drawn by CSS, not text: they are decoration beside the link's own accessible name.
  return (
    <span
      aria-hidden="true"
      data-initials={letters}
      className={cn(frame, "bg-gradient-to-br from-brand-600 to-accent-500 font-bold text-white before:content-[attr(data-initials)]")}
    />
  );
}
