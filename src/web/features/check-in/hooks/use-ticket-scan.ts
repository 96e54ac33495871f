import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { ticketCodeFromScan, type CheckResult } from "@domain";
import { checkTicket } from "../api/check-ticket";
import { scannerDeviceId } from "../lib/device-id";
import { playFeedback } from "../lib/feedback";
import { isNetworkFailure } from "../lib/network-failure";
import { resultView } from "../lib/result-view";
import { scanErrorToast, scanToast, type ScanToast } from "../lib/scan-toasts";
import type { OfflineCheckIn } from "./use-offline-check-in";

export interface ScanOutcome {
  /** The raw scanned text (a signed JSON payload or a plain code). */
  scanned: string;
  code: string;
  result: CheckResult;
  /** Checked on this device against a downloaded list, not by the server. */
  checkedOffline: boolean;
  /** Counts results, so each one is shown (and announced) afresh even when it reads like the last. */
  serial: number;
}

function showToast({ tone, title, description }: ScanToast): void {
  toast[tone](title, { description });
}

/**
 * The scan flow (spec §4): a value equal to the last scanned one, or arriving while a check is running,
 * is ignored; otherwise the server checks it, or, offline with a downloaded list, this device does.
 * Each result is shown full screen with its sound and vibration until the next result or a dismissal
 * (issue 17); dismissing keeps the last-code guard, so a ticket still held to the camera is not read again.
 */
export function useTicketScan({
  offline,
  autoCheckIn,
  doorEventId,
  listId = null,
  direction = "in",
  feedback,
}: {
  offline: OfflineCheckIn;
  autoCheckIn: boolean;
  doorEventId: string;
  /** The door's check-in list (issue 38); null: the event's default list. */
  listId?: string | null;
  /** Scanning people in, or out (an exit scan, for re-entry). */
  direction?: "in" | "out";
  feedback: boolean;
}) {
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [shown, setShown] = useState(false);
  const [checking, setChecking] = useState(false);
  /** Check-ins the server confirmed on this device: the counter asks for fresh figures after each. */
  const [admissions, setAdmissions] = useState(0);
  const serial = useRef(0);
  const lastScanned = useRef<string | null>(null);
  const inProgress = useRef(false);
  // The latest offline state for callbacks that outlive a render.
  const offlineRef = useRef(offline);
  useEffect(() => {
    offlineRef.current = offline;
  }, [offline]);

  const doorRef = useRef(doorEventId);
  const feedbackRef = useRef(feedback);
  const scanRef = useRef({ listId, direction });
  useEffect(() => {
    doorRef.current = doorEventId;
    feedbackRef.current = feedback;
    scanRef.current = { listId, direction };
  }, [doorEventId, feedback, listId, direction]);

  const verify = useCallback(async (text: string, checkIn: boolean, confirm: boolean): Promise<Omit<ScanOutcome, "scanned" | "code" | "serial">> => {
    const local = offlineRef.current;
    const door = doorRef.current || null;
    const how = { ...scanRef.current, confirm };
    const canCheckLocally = local.storage === "ready" && local.lists.length > 0;
    // Without a network there is no point waiting for the server. With one, the server is tried first
    // even after a failure, so the scanner goes back online by itself when the server answers again.
    if (!local.browserOnline && canCheckLocally) return { result: await local.check(text, checkIn, door, how), checkedOffline: true };
    try {
      const result = await checkTicket({
        ticketId: ticketCodeFromScan(text),
        qr: text,
        checkIn,
        ...(door ? { eventId: door } : {}),
        ...(how.listId ? { listId: how.listId } : {}),
        direction: how.direction,
        confirm,
        deviceId: scannerDeviceId(),
        nonce: crypto.randomUUID(),
      });
      local.reportConnection(true);
      if (canCheckLocally && result.valid && result.ticketId && result.checkedInAt) local.recordServerCheckIn(result.ticketId, result.checkedInAt);
      if (result.valid && !result.alreadyCheckedIn && result.checkedInAt) setAdmissions((count) => count + 1);
      return { result, checkedOffline: false };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      local.reportConnection(false);
      if (!canCheckLocally) throw error;
      return { result: await local.check(text, checkIn, door, how), checkedOffline: true };
    }
  }, []);

  const run = useCallback(
    async (text: string, checkIn: boolean, confirm = false) => {
      inProgress.current = true;
      setChecking(true);
      try {
        const { result, checkedOffline } = await verify(text, checkIn, confirm);
        serial.current += 1;
        setOutcome({ scanned: text, code: result.ticketId ?? ticketCodeFromScan(text), result, checkedOffline, serial: serial.current });
        setShown(true);
        if (feedbackRef.current) playFeedback(resultView(result).look);
        showToast(scanToast(result, checkIn));
      } catch (error) {
        // Nothing was decided: the same ticket may be scanned again.
        lastScanned.current = null;
        setOutcome(null);
        setShown(false);
        if (feedbackRef.current) playFeedback("scan");
        showToast(scanErrorToast(error));
      } finally {
        inProgress.current = false;
        setChecking(false);
      }
    },
    [verify],
  );

  const onScan = useCallback(
    (text: string) => {
      if (!text || inProgress.current || text === lastScanned.current) return;
      lastScanned.current = text;
      void run(text, autoCheckIn);
    },
    [run, autoCheckIn],
  );

  /** 'Check in manually': the last scanned ticket, checked in this time. */
  const checkInManually = useCallback(() => {
    if (!outcome || inProgress.current) return;
    void run(outcome.scanned, true);
  }, [outcome, run]);

  /** 'Admit anyway': staff confirm the last ticket in outside its door window (issue 38); the log records it. */
  const admitAnyway = useCallback(() => {
    if (!outcome || inProgress.current) return;
    void run(outcome.scanned, true, true);
  }, [outcome, run]);

  /** Clears the last result; the same ticket can then be scanned again. */
  const clear = useCallback(() => {
    lastScanned.current = null;
    setOutcome(null);
    setShown(false);
  }, []);

  /** Puts the full-screen result away (a tap, Enter or Escape); the result stays on the page. */
  const dismiss = useCallback(() => setShown(false), []);

  return { outcome, shown, checking, admissions, onScan, checkInManually, admitAnyway, clear, dismiss };
}
