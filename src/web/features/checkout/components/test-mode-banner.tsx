import { FlaskConical } from "lucide-react";

/** Marks the local provider's page as a test: nothing here charges a card. */
export function TestModeBanner() {
  return (
    <p role="note" className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <span>
        <strong className="font-bold">Test mode — no real money moves.</strong> This is the built-in test checkout. Paying here books real
        tickets in this environment without charging any card.
      </span>
    </p>
  );
}
