import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useAffiliateLookup } from "../lookup-affiliate";
import { affiliateStatusMessage } from "../lib/affiliate-status";

const TONES = {
  success: { className: "text-emerald-800", Icon: CircleCheck },
  warning: { className: "text-amber-900", Icon: TriangleAlert },
  muted: { className: "text-muted", Icon: LoaderCircle },
} as const;

/** The affiliate code, uppercased as typed and checked live (spec §5 Create event). */
export function AffiliateCodeField({ value, error, onChange }: { value: string; error: string | null; onChange: (value: string) => void }) {
  const status = useAffiliateLookup(value);
  // A refusal from the server (the organiser's own code) is shown alone: not beside a green "Valid affiliate code".
  const message = error ? null : affiliateStatusMessage(status);
  const tone = message ? TONES[message.tone] : null;
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
      <p aria-live="polite" className={cn("mt-2 flex items-center gap-1.5 text-sm font-medium empty:mt-0", tone?.className)}>
        {message && tone && (
          <>
            <tone.Icon className={cn("size-4 shrink-0", status.state === "checking" && "animate-spin motion-reduce:animate-none")} aria-hidden="true" />
            {message.text}
          </>
        )}
      </p>
    </div>
  );
}
