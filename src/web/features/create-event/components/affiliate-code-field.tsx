import { lazy, Suspense } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

// The lookup, its messages and their icons load with the first code typed, not with the page (issue 35).
const AffiliateLookupStatus = lazy(() => import("./affiliate-lookup-status").then((module) => ({ default: module.AffiliateLookupStatus })));

/** The affiliate code, uppercased as typed and checked live (spec §5 Create event). */
export function AffiliateCodeField({ value, error, onChange }: { value: string; error: string | null; onChange: (value: string) => void }) {
  // A refusal from the server (the organiser's own code) is shown alone: not beside a green "Valid affiliate code".
  const lookUp = !error && value.trim() !== "";
  return (
    <div>
      <Field id="event-affiliate-code" label="Affiliate Code" hint="Optional. The affiliate who referred you earns commission on booking fees." error={error}>
        <Input
          name="affiliateCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          placeholder="e.g. ABC12345"
          value={value}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
        />
      </Field>
      {/* Always present so that screen readers announce each new answer. */}
      <p aria-live="polite" className="mt-2 text-sm font-medium empty:mt-0">
        <Suspense fallback={null}>{lookUp && <AffiliateLookupStatus code={value} />}</Suspense>
      </p>
    </div>
  );
}
