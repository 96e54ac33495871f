import { CircleCheck, CircleX, IdCard, LogOut, TriangleAlert, UserCheck } from "lucide-react";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { eventPlace, formatDateTime } from "@domain";
import { cn } from "~/lib/cn";
import type { ScanOutcome } from "../hooks/use-ticket-scan";
import { ageCheckText, resultView, type ResultLook } from "../lib/result-view";

/**
 * Colours with AA contrast for every text on them (white on green-800, sky-900 and red-700, near-black on
 * amber-400), and a distinct icon per state so colour is never the only cue. A scan out is blue, never the
 * green of an admission: the door must not read an exit as someone let in.
 */
const LOOKS: Record<ResultLook, { surface: string; icon: typeof CircleCheck; muted: string; button: string }> = {
  go: { surface: "bg-emerald-800 text-white", icon: CircleCheck, muted: "text-emerald-50", button: "bg-white text-emerald-900 hover:bg-emerald-50 focus-visible:outline-white" },
  already: { surface: "bg-amber-400 text-amber-950", icon: TriangleAlert, muted: "text-amber-950", button: "bg-amber-950 text-white hover:bg-black focus-visible:outline-amber-950" },
  refused: { surface: "bg-red-700 text-white", icon: CircleX, muted: "text-red-50", button: "bg-white text-red-900 hover:bg-red-50 focus-visible:outline-white" },
  out: { surface: "bg-sky-900 text-white", icon: LogOut, muted: "text-sky-50", button: "bg-white text-sky-950 hover:bg-sky-50 focus-visible:outline-white" },
};

/**
 * The last scan's result over the whole screen (issue 17): readable at arm's length, it holds until the
 * next result or a tap, Enter or Escape. Focus moves to it, so a screen reader reads it out.
 */
export function ScanResultOverlay({
  outcome,
  canCheckInManually,
  checking,
  onCheckInManually,
  onAdmitAnyway,
  onDismiss,
}: {
  outcome: ScanOutcome;
  canCheckInManually: boolean;
  checking: boolean;
  onCheckInManually: () => void;
  /** Staff confirm a ticket for another day (or outside its list's hours) in: the log records it (issue 38). */
  onAdmitAnyway?: () => void;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const view = resultView(outcome.result);
  const look = LOOKS[view.look];
  const Icon = look.icon;
  const { result } = outcome;
  const place = result.event ? eventPlace(result.event) : "";
  const ageCheck = ageCheckText(result);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") onDismiss();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onDismiss]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter on the result itself; on a button inside, Enter presses that button.
    if (event.key === "Enter" && event.target === event.currentTarget) onDismiss();
  };

  return (
    <div
      ref={ref}
      role="alert"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-result={view.kind}
      onClick={onDismiss}
      onKeyDown={onKeyDown}
      className={cn("fixed inset-0 z-[100] flex cursor-pointer flex-col overflow-y-auto outline-none", look.surface)}
    >
      {/* Room at the top of a phone for the toast, which would otherwise cover the icon. */}
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-5 px-5 pb-8 pt-28 sm:px-10 sm:py-10">
        <div className="flex flex-col items-start gap-4">
          <Icon className="size-20 shrink-0 sm:size-28" strokeWidth={2.5} aria-hidden="true" />
          <h2
            id={headingId}
            className={cn("font-black tracking-tight", view.kind === "already" ? "text-6xl sm:text-8xl" : "text-5xl sm:text-7xl")}
          >
            {view.heading}
          </h2>
          <p className={cn("font-extrabold", view.kind === "already" ? "text-3xl sm:text-4xl" : "text-2xl sm:text-4xl")}>{view.status}</p>
          {ageCheck && (
            <p className="flex items-center gap-3 rounded-2xl bg-white px-5 py-3 text-3xl font-black text-ink sm:text-5xl">
              <IdCard className="size-9 shrink-0 sm:size-12" aria-hidden="true" />
              {ageCheck}
            </p>
          )}
        </div>

        {result.attendee && (
          <div className="flex flex-col gap-1 border-t-2 border-current/30 pt-5">
            <p className="break-words text-3xl font-bold leading-tight sm:text-5xl">{result.attendee.name}</p>
            {view.tickets && <p className="text-2xl font-bold sm:text-4xl">{view.tickets}</p>}
            <p className={cn("break-words text-base", look.muted)}>{result.attendee.email}</p>
          </div>
        )}

        {result.list && (
          <p className="text-xl font-bold sm:text-2xl">
            Check-in list: {result.list.name}
            {result.ticketType ? ` · ${result.ticketType}` : ""}
          </p>
        )}

        {result.event && (
          <div className="flex flex-col gap-0.5 text-lg sm:text-xl">
            <p className="font-semibold">{result.event.title}</p>
            <p className={look.muted}>{formatDateTime(result.event.date)}</p>
            <p className={look.muted}>{place || "TBA"}</p>
          </div>
        )}

        <p className={cn("break-all font-mono text-sm", look.muted)}>
          {outcome.code}
          {outcome.checkedOffline && <span className="ml-2 font-sans font-semibold">· Checked offline</span>}
        </p>

        <div className="mt-auto flex flex-col gap-3 pt-4 sm:flex-row sm:items-center">
          {canCheckInManually && view.kind === "valid" && (
            <button
              type="button"
              disabled={checking}
              onClick={(event) => {
                event.stopPropagation();
                onCheckInManually();
              }}
              className={cn("flex h-14 items-center justify-center gap-2 rounded-2xl px-6 text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60", look.button)}
            >
              <UserCheck className="size-6" aria-hidden="true" />
              Check in manually
            </button>
          )}
          {view.kind === "confirm" && onAdmitAnyway && (
            <button
              type="button"
              disabled={checking}
              onClick={(event) => {
                event.stopPropagation();
                onAdmitAnyway();
              }}
              className={cn("flex h-14 items-center justify-center gap-2 rounded-2xl px-6 text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60", look.button)}
            >
              <UserCheck className="size-6" aria-hidden="true" />
              Admit anyway
            </button>
          )}
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onDismiss();
            }}
            className={cn("flex h-14 items-center justify-center rounded-2xl px-6 text-lg font-bold focus-visible:outline-2 focus-visible:outline-offset-2", look.button)}
          >
            Back to scanner
          </button>
          <p className={cn("text-sm", look.muted)}>Or tap anywhere. The next scan replaces this.</p>
        </div>
      </div>
    </div>
  );
}
