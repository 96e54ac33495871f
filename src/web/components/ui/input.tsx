import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-11 w-full rounded-xl border border-border bg-white px-3.5 text-base text-ink placeholder:text-muted/80 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-200 disabled:opacity-60 aria-[invalid=true]:border-red-600 sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-semibold text-ink", className)} {...props} />;
}
