import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * `className` adds to these classes and never restyles them (cn does not merge): an input drawn its own
 * way passes `shape={null}` (height, corners, padding, font size) or `tone={null}` (border and fill) and
 * gives those classes itself.
 */
const inputVariants = cva(
  "w-full text-ink placeholder:text-muted/80 focus-visible:outline-2 focus-visible:outline-brand-200 disabled:opacity-60",
  {
    variants: {
      shape: { default: "h-11 rounded-xl px-3.5 text-base sm:text-sm" },
      tone: {
        default: "border border-border bg-white focus-visible:border-brand-500 aria-[invalid=true]:border-red-600",
        /** A read-only value to copy. */
        muted: "border border-border bg-surface focus-visible:border-brand-500 aria-[invalid=true]:border-red-600",
      },
    },
    defaultVariants: { shape: "default", tone: "default" },
  },
);

export function Input({ className, shape, tone, ...props }: ComponentProps<"input"> & VariantProps<typeof inputVariants>) {
  return <input className={cn(inputVariants({ shape, tone }), className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-semibold text-ink", className)} {...props} />;
}
