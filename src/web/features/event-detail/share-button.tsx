import { Share2 } from "lucide-react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/** Native share where the browser has it, else the link goes to the clipboard (spec §2 Event detail). */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success("Link Copied");
    } catch {
      toast.error("Could not copy the link", { description: url });
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
