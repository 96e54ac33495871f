import { ChevronDown, MicOff, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { MICROPHONE_HELP, helpSectionFor } from "../lib/assistant-messages";

/**
 * spec §8: shown after the microphone was refused, until dismissed; typing still works meanwhile.
 * The steps for the visitor's own device start open, the others are a tap away.
 */
export function MicrophoneHelpPanel({ onDismiss }: { onDismiss: () => void }) {
  const panel = useRef<HTMLElement>(null);
  const ownDevice = helpSectionFor(navigator.userAgent);
  useEffect(() => {
    // Braces matter: Chromium's scrollIntoView now returns a promise, which React would call as a clean-up.
    void panel.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, []);

  return (
    <section ref={panel} aria-labelledby="microphone-help-title" className="scroll-mt-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <div className="flex items-start gap-3">
        <MicOff className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="flex-1">
          <h3 id="microphone-help-title" className="font-bold">
            How to enable microphone access
          </h3>
          <p className="mt-1">Your browser blocked the microphone for this site. You can still type your questions, or allow the microphone:</p>
        </div>
        <Button variant={null} size={null} className="-mr-2 -mt-2 size-9 text-sm text-amber-900 hover:bg-amber-100 [&_svg]:size-4" onClick={onDismiss} aria-label="Dismiss microphone help">
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="mt-3 flex flex-col divide-y divide-amber-200 rounded-xl bg-white/70 ring-1 ring-amber-200">
        {MICROPHONE_HELP.map((section) => (
          <details key={section.id} open={section.id === ownDevice} className="group px-3 py-2">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 py-1 font-semibold [&::-webkit-details-marker]:hidden">
              <h4>{section.title}</h4>
              <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <ol className="mb-1 mt-1 list-decimal space-y-1 pl-5">
              {section.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </section>
  );
}
