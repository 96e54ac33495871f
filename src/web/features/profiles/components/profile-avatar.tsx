import { useState } from "react";
import { initials } from "@domain";
import { cn } from "~/lib/cn";

/** The profile picture, or the name's initials (at most 2 letters, spec §9 Display) when there is none. */
export function ProfileAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const letters = initials(name.replace(/[^\p{L}\p{N}\s]/gu, " ")) || "?";
  const frame = cn("flex shrink-0 items-center justify-center overflow-hidden rounded-full ring-4 ring-white shadow-md", className);
  if (url && !failed) {
    return <img src={url} alt="" width={128} height={128} className={cn(frame, "bg-brand-100 object-cover")} onError={() => setFailed(true)} />;
  }
  return (
    <span aria-hidden="true" className={cn(frame, "bg-gradient-to-br from-brand-600 to-accent-500 font-extrabold text-white")}>
      {letters}
    </span>
  );
}
