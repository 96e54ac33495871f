import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** `square` drops the rounded corners (an image's place); `className` sizes it and never restyles it (cn does not merge). */
export function Skeleton({ className, square = false, ...props }: ComponentProps<"div"> & { square?: boolean }) {
  return <div aria-hidden="true" className={cn("animate-pulse bg-brand-100/60", !square && "rounded-xl", className)} {...props} />;
}
