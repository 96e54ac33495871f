import { CircleCheck, LoaderCircle, TriangleAlert } from "lucide-react";
import { cn } from "~/lib/cn";
import { useAffiliateLookup } from "../lookup-affiliate";
import { affiliateStatusMessage } from "../lib/affiliate-status";

const TONES = {
  success: { className: "text-emerald-800", Icon: CircleCheck },
  warning: { className: "text-amber-900", Icon: TriangleAlert },
  muted: { className: "text-muted", Icon: LoaderCircle },
} as const;

/** The live check of a typed affiliate code: checking, whose code it is, or that it is not known. */
export function AffiliateLookupStatus({ code }: { code: string }) {
  const status = useAffiliateLookup(code);
  const message = affiliateStatusMessage(status);
  if (!message) return null;
  const tone = TONES[message.tone];
  return (
    <span className={cn("flex items-center gap-1.5", tone.className)}>
      <tone.Icon className={cn("size-4 shrink-0", status.state === "checking" && "animate-spin motion-reduce:animate-none")} aria-hidden="true" />
      {message.text}
    </span>
  );
}
