import type { ReactNode, Ref } from "react";

/** A tab panel's heading, a line about it and its actions (wrapping under the heading on phones). */
export function PanelHeader({
  id,
  title,
  children,
  actions,
  headingRef,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** For moving focus here when the control that had it goes away. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight focus-visible:outline-none">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted">{children}</p>
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
