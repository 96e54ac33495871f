import { useSyncExternalStore } from "react";

/**
 * Whether the assistant overlay is open, shared by everything that opens it (the header, the mobile
 * drawer, Help's Live Chat card). Tiny on purpose: it is in every page's bundle, the overlay is not.
 */
let open = false;
let everOpened = false;
const listeners = new Set<() => void>();

function setOpen(next: boolean) {
  if (open === next) return;
  open = next;
  everOpened ||= next;
  for (const listener of listeners) listener();
}

let returnFocusTo: HTMLElement | null = null;

/**
 * Opens the assistant overlay (spec §2 Assistant overlay). Focus goes back to `returnFocusTo` on
 * closing: by default whatever had focus (the button pressed); a menu that closes as it opens the
 * assistant passes its own opener instead.
 */
export function openAssistant(options: { returnFocusTo?: HTMLElement | null } = {}): void {
  if (!open) returnFocusTo = options.returnFocusTo ?? (typeof document === "undefined" ? null : (document.activeElement as HTMLElement | null));
  setOpen(true);
}

/** Where focus belongs once the overlay closes, if that element is still on the page. */
export function takeReturnFocus(): HTMLElement | null {
  const element = returnFocusTo;
  returnFocusTo = null;
  return element?.isConnected ? element : null;
}

export function closeAssistant(): void {
  setOpen(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAssistantOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

/** True from the first opening on: the overlay then stays mounted, so the conversation survives closing it. */
export function useAssistantEverOpened(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => everOpened,
    () => false,
  );
}

/**
 * The window event Help's Live Chat card sends (features/help/live-chat.ts), so that feature need
 * not import this one; answering it with preventDefault() tells the sender the overlay opened.
 */
export const OPEN_ASSISTANT_EVENT = "eventora:open-assistant";

export function answerOpenRequests(target: EventTarget = window): () => void {
  const onRequest = (event: Event) => {
    event.preventDefault();
    openAssistant();
  };
  target.addEventListener(OPEN_ASSISTANT_EVENT, onRequest);
  return () => target.removeEventListener(OPEN_ASSISTANT_EVENT, onRequest);
}
