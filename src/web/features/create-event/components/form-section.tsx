import type { ReactNode } from "react";

/** A group of related fields: a fieldset whose legend names the group for screen readers too. */
export function FormSection({ legend, description, children }: { legend: string; description?: ReactNode; children: ReactNode }) {
  // The divider sits on a wrapper: a border on the fieldset itself would cut through the legend.
  return (
    <div className="border-t border-border pt-8 first:border-t-0 first:pt-0">
      <fieldset className="min-w-0">
        <legend className="text-lg font-bold">{legend}</legend>
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        <div className="mt-5 flex flex-col gap-5">{children}</div>
      </fieldset>
    </div>
  );
}
