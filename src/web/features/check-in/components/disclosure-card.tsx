import { ChevronDown } from "lucide-react";
import { Suspense, useId, useState, type ReactNode } from "react";
import { Card } from "~/components/ui/card";

/**
 * A card whose body opens under its heading's button, rendered (and its code loaded, for a lazy body) only
 * once opened: the scanner's Find a guest and its figures by list and type.
 */
export function DisclosureCard({ title, icon, children }: { title: string; icon?: ReactNode; children: () => ReactNode }) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card className="p-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl p-5 text-left text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          <span className="flex items-center gap-3">
            {icon}
            {title}
          </span>
          <ChevronDown className={`size-5 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`} aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="flex flex-col gap-4 border-t border-border p-5">
        {open && (
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted">
                Loading…
              </p>
            }
          >
            {children()}
          </Suspense>
        )}
      </div>
    </Card>
  );
}
