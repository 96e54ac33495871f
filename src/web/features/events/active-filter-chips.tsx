import { X } from "lucide-react";
import type { ActiveFilter, FilterKey } from "./list-query";

/** One button per active filter; pressing it removes that filter (spec §2 All Events). */
export function ActiveFilterChips({ filters, onRemove }: { filters: ActiveFilter[]; onRemove: (key: FilterKey) => void }) {
  if (filters.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {filters.map((filter) => (
        <li key={filter.key}>
          <button
            type="button"
            onClick={() => onRemove(filter.key)}
            aria-label={`Remove filter: ${filter.label}`}
            className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm font-semibold text-brand-800 transition-colors hover:border-brand-300 hover:bg-brand-100"
          >
            <span className="truncate">{filter.label}</span>
            <X className="size-3.5 shrink-0" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
