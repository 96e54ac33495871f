import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** A native select (best on phones) styled like the inputs, with its own chevron. */
/** `size="sm"` is the toolbar's shorter select; `className` adds to the classes and never restyles them (cn does not merge). */
export function Select({
  className,
  wrapperClassName,
  size = "default",
  ...props
}: Omit<ComponentProps<"select">, "size"> & { wrapperClassName?: string; size?: "default" | "sm" }) {
  return (
    <div className={cn("relative w-full", wrapperClassName)}>
      <select
        className={cn(
          "w-full cursor-pointer appearance-none rounded-xl border border-border bg-white pr-9 text-base text-ink focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-200 aria-[invalid=true]:border-red-600 sm:text-sm",
          size === "sm" ? "h-10 pl-3" : "h-11 pl-3.5",
          className,
        )}
        {...props}
      />
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
    </div>
  );
}
