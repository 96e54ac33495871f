import { cn } from "~/lib/cn";
import type { AvailabilityIndicator } from "./sale-state";

const TONES: Record<AvailabilityIndicator["tone"], { pill: string; dot: string }> = {
  success: { pill: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-500" },
  warning: { pill: "bg-amber-50 text-amber-900 ring-amber-200", dot: "bg-amber-500" },
  danger: { pill: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-500" },
  neutral: { pill: "bg-surface text-ink ring-border", dot: "bg-muted" },
};

/** The 'Available' indicator, with 'Only N left' or 'Sold out' where capacity is limited (decisions.md D9). */
export function AvailabilityPill({ availability, className }: { availability: AvailabilityIndicator; className?: string }) {
  const tone = TONES[availability.tone];
  return (
    <span className={cn("inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset", tone.pill, className)}>
      <span className={cn("size-2 rounded-full", tone.dot)} aria-hidden="true" />
      {availability.label}
      {availability.detail && (
        <>
          <span aria-hidden="true">·</span>
          <span>{availability.detail}</span>
        </>
      )}
    </span>
  );
}
