import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * `className` adds layout and padding and never restyles the card (cn does not merge): `tone="tinted"`
 * for the tinted fill, `tone={null}` for a card that gives its own border colour and fill.
 */
export function Card({ className, tone = "default", ...props }: ComponentProps<"div"> & { tone?: "default" | "tinted" | null }) {
  const colours = tone === null ? null : tone === "tinted" ? "border-border bg-brand-50/40" : "border-border bg-white";
  return <div className={cn("rounded-2xl border shadow-sm", colours, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-5", className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("text-lg font-bold leading-tight", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-5 pt-0", className)} {...props} />;
}
