import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { AFFILIATE_TOASTS } from "../lib/affiliate-toasts";
import { createCopyFeedback } from "../lib/copy-feedback";

const browserTimers = {
  set: (run: () => void, delayMs: number) => window.setTimeout(run, delayMs),
  clear: (handle: unknown) => window.clearTimeout(handle as number),
};

/** Copies text and reports `copied` for 2 s ('Copied!', spec §8 Affiliate). */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const [feedback] = useState(() => createCopyFeedback(setCopied, browserTimers));
  useEffect(() => () => feedback.dispose(), [feedback]);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      feedback.copied();
    } catch {
      toast.error(AFFILIATE_TOASTS.copyFailed.title, { description: AFFILIATE_TOASTS.copyFailed.description });
    }
  }

  return { copied, copy };
}
