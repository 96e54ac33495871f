/**
 * Help's Live Chat card asks the assistant overlay to open through this window event, so the help
 * feature does not import the assistant's internals. The overlay listens for it and calls
 * `event.preventDefault()` to say it has opened.
 */
export const OPEN_ASSISTANT_EVENT = "eventora:open-assistant";

/** Asks the assistant to open; false when nothing on the page answered. */
export function requestAssistant(target: EventTarget = window): boolean {
  const event = new CustomEvent(OPEN_ASSISTANT_EVENT, { cancelable: true });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}
