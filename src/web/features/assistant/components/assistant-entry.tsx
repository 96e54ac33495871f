import { Bot } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Button } from "~/components/ui/button";
import { answerOpenRequests, openAssistant, useAssistantEverOpened } from "../assistant-store";

const loadDialog = () => import("./assistant-dialog");
// The overlay's code loads when it is first wanted, never with the page.
const AssistantDialog = lazy(loadDialog);

function preload() {
  void loadDialog();
}

/** The header's assistant button (spec §2 Assistant overlay). */
export function AssistantButton() {
  return (
    <Button
      variant="ghost"
      size={null}
      className="size-10 text-sm [&_svg]:size-5"
      aria-label="Open Voice Assistant"
      aria-haspopup="dialog"
      title="Voice Assistant"
      onClick={(event) => openAssistant({ returnFocusTo: event.currentTarget })}
      onPointerEnter={preload}
      onFocus={preload}
    >
      <Bot className="size-5" aria-hidden="true" />
    </Button>
  );
}

/** Mounts the overlay once it has been opened, and answers open requests from other features (Help's Live Chat). */
export function AssistantHost() {
  const everOpened = useAssistantEverOpened();
  useEffect(() => answerOpenRequests(), []);
  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <AssistantDialog />
    </Suspense>
  );
}
