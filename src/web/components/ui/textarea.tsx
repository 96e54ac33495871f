import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** `code` sets source text (HTML) in a small monospace; `className` adds to the classes and never restyles them (cn does not merge). */
export function Textarea({ className, code = false, ...props }: ComponentProps<"textarea"> & { code?: boolean }) {
  return (
    <textarea
      className={cn(
        "min-h-28 w-full rounded-xl border border-border bg-white px-3.5 py-2.5 text-ink placeholder:text-muted/80 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-200 disabled:opacity-60 aria-[invalid=true]:border-red-600",
        code ? "font-mono text-[13px]" : "text-base sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
