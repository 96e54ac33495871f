import { CheckCircle2, Info } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { cn } from "~/lib/cn";

/** An inline message kept on the page after a toast has gone (announced politely to screen readers). */
export function FormNote({
  tone = "info",
  children,
  className,
  ref,
}: {
  tone?: "info" | "success";
  children: ReactNode;
  className?: string;
  /** For moving focus to the note when the control that led to it has gone. */
  ref?: Ref<HTMLDivElement>;
}) {
  const Icon = tone === "success" ? CheckCircle2 : Info;
  return (
    <div
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      role="status"
      className={cn(
        "flex gap-3 rounded-xl border p-3.5 text-sm leading-relaxed",
        tone === "success" ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-brand-200 bg-brand-50 text-brand-900",
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>{children}</div>
    </div>
  );
}
