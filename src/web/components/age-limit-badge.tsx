import { minAgeDescription, minAgeLabel } from "@domain";
import { Badge } from "~/components/ui/badge";

/** An event's minimum age as a small "18+" badge (issue 34), read out in full by screen readers. */
export function AgeLimitBadge({
  minAge,
  variant = "outline",
  className,
}: {
  minAge: number | null | undefined;
  variant?: "outline" | "ink";
  className?: string;
}) {
  if (minAge == null) return null;
  return (
    <Badge variant={variant} className={className}>
      <span aria-hidden="true">{minAgeLabel(minAge)}</span>
      <span className="sr-only">{minAgeDescription(minAge)}</span>
    </Badge>
  );
}
