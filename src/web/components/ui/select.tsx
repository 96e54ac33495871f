import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A native select (best on phones) styled like the inputs, with its own chevron. */
export function Select({ className, wrapperClassName, ...props }: ComponentProps<"select"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative w-full", wrapperClassName)}>
      <select
        className={cn(
          "h-11 w-full cursor-pointer appearance-none rounded-xl border border-border bg-white pl-3.5 pr-9 text-base text-ink focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-200 sm:text-sm",
          className,
        )}
        {...props}
      />
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
