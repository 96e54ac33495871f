import { useEffect, useRef, useState } from "react";
import { GUEST_SEARCH_MAX, GUEST_SEARCH_MIN, GUEST_SEARCH_NEEDS_CONNECTION, type GuestSearchResult } from "@domain";
import { ApiRequestError } from "~/lib/api-request";
import { findGuests } from "../api/find-guests";
import { isNetworkFailure } from "../lib/network-failure";

/** Typing pauses this long before a lookup is sent: one per name, not one per letter (the lookup is rate limited). */
export const GUEST_SEARCH_DEBOUNCE_MS = 350;

export type GuestSearchState =
  | { kind: "idle" }
  | { kind: "searching"; q: string }
  | { kind: "found"; q: string; guests: GuestSearchResult[] }
  | { kind: "failed"; q: string; message: string; offline: boolean };

const IDLE: GuestSearchState = { kind: "idle" };

/** The lookup as the door types it: debounced, at least GUEST_SEARCH_MIN characters, the latest answer only. */
export function useGuestSearch(eventId: string | null) {
  const [text, setText] = useState("");
  const [state, setState] = useState<GuestSearchState>({ kind: "idle" });
  const [serial, setSerial] = useState(0);
  const request = useRef<AbortController | null>(null);
  const q = text.trim();
  const searchable = q.length >= GUEST_SEARCH_MIN && q.length <= GUEST_SEARCH_MAX;

  useEffect(() => {
    request.current?.abort();
    if (!searchable) return;
    const controller = new AbortController();
    request.current = controller;
    const timer = setTimeout(
      async () => {
        if (!navigator.onLine) {
          setState({ kind: "failed", q, message: GUEST_SEARCH_NEEDS_CONNECTION, offline: true });
          return;
        }
        setState({ kind: "searching", q });
        try {
          const { guests } = await findGuests({ q, eventId }, controller.signal);
          if (!controller.signal.aborted) setState({ kind: "found", q, guests });
        } catch (error) {
          if (controller.signal.aborted) return;
          const offline = isNetworkFailure(error);
          const message = offline ? GUEST_SEARCH_NEEDS_CONNECTION : error instanceof ApiRequestError ? error.message : "The lookup failed. Please try again.";
          setState({ kind: "failed", q, message, offline });
        }
      },
      serial ? 0 : GUEST_SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // serial: a submitted form searches again at once.
  }, [q, searchable, eventId, serial]);

  /** Search now (Enter), without waiting for the pause. */
  const searchNow = () => setSerial((n) => n + 1);
  /** A found guest's row as an admission changed it. */
  const update = (ticketId: string, change: Partial<GuestSearchResult>) =>
    setState((current) => (current.kind === "found" ? { ...current, guests: current.guests.map((guest) => (guest.ticketId === ticketId ? { ...guest, ...change } : guest)) } : current));

  const setQuery = (value: string) => {
    setSerial(0);
    setText(value);
  };
  // Too short to search: nothing to show, whatever an earlier lookup found.
  return { text, setText: setQuery, state: searchable ? state : IDLE, searchNow, update };
}
