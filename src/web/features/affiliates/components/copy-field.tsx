import { Check, Copy } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useCopyToClipboard } from "../hooks/use-copy-to-clipboard";

/** A read-only value with a Copy button that reads 'Copied!' for 2 s (spec §2 Affiliate page, §8). */
export function CopyField({
  id,
  label,
  value,
  copyLabel = "Copy",
  hint,
  mono = false,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel?: string;
  hint?: string;
  mono?: boolean;
}) {
  const { copied, copy } = useCopyToClipboard();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
          tone="muted"
          shape={mono ? null : "default"}
          className={cn("min-w-0", mono && "h-11 rounded-xl px-3.5 font-mono text-base font-bold tracking-widest")}
        />
        <Button type="button" variant={copied ? "secondary" : "outline"} size="md" className="min-w-28 shrink-0" onClick={() => void copy(value)}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied!" : copyLabel}
        </Button>
      </div>
      <span role="status" className="sr-only">
        {copied ? `${label} copied to the clipboard` : ""}
      </span>
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
