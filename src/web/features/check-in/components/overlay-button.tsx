import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A round button over the camera picture; `large` for the camera's own on/off switch. */
export function OverlayButton({ large = false, ...props }: Omit<ComponentProps<"button">, "className"> & { large?: boolean }) {
  return (
    <button
      type="button"
      className={cn(
        "pointer-events-auto flex items-center justify-center rounded-full bg-black/65 text-white shadow-lg ring-1 ring-white/30 backdrop-blur transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-default disabled:opacity-50",
        large ? "size-14 [&_svg]:size-6" : "size-12 [&_svg]:size-5",
      )}
      {...props}
    />
  );
}
