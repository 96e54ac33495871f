import { describeRefund, formatDateTime, plural } from "@domain";
import { useCallback, useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import type { AttendeeList } from "@domain";
import { onSale } from "~/lib/sale-event";
import { checkInAttendee } from "../api/check-in-attendee";
import { getAttendees } from "../api/get-attendees";
import { refundBooking } from "../api/refund-booking";
import { withCheckIn } from "../lib/attendee-rows";
import { DASHBOARD_TOASTS, failureDetail } from "../lib/dashboard-toasts";

type Loaded = { eventId: string; list: AttendeeList } | { eventId: string; failed: true };

export type AttendeesState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; list: AttendeeList };

/**
 * The confirmed attendees of one event, reloaded when a sale for it arrives, with check-in that
 * updates the row in place (spec §2 Dashboard, §8).
 */
export function useAttendees(eventId: string | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [reloads, setReloads] = useState(0);
  const [checkingIn, setCheckingIn] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!eventId) return;
    const controller = new AbortController();
    getAttendees(eventId, controller.signal).then(
      (list) => setLoaded({ eventId, list }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        toast.error(DASHBOARD_TOASTS.attendeesFailed.title, { description: failureDetail(error) });
        setLoaded({ eventId, failed: true });
      },
    );
    return () => controller.abort();
  }, [eventId, reloads]);

  // A new sale for this event: fetch again, keeping the current list on screen meanwhile.
  useEffect(() => onSale((sale) => sale.eventId === eventId && setReloads((count) => count + 1)), [eventId]);

  const retry = useCallback(() => {
    setLoaded(null);
    setReloads((count) => count + 1);
  }, []);

  const checkIn = useCallback(async (bookingId: string): Promise<boolean> => {
    setCheckingIn((current) => new Set(current).add(bookingId));
    try {
      const result = await checkInAttendee(bookingId);
      setLoaded((current) =>
        current && "list" in current ? { ...current, list: { ...current.list, attendees: withCheckIn(current.list.attendees, result) } } : current,
      );
      if (result.alreadyCheckedIn) toast.info("Already checked in", { description: `Checked in at ${formatDateTime(result.checkedInAt)}` });
      else toast.success(DASHBOARD_TOASTS.checkedIn.title);
      return true;
    } catch (error) {
      toast.error(DASHBOARD_TOASTS.checkInFailed.title, { description: failureDetail(error) });
      return false;
    } finally {
      setCheckingIn((current) => {
        const next = new Set(current);
        next.delete(bookingId);
        return next;
      });
    }
  }, []);

  /** Refunds tickets of a booking, then reloads the list (keeping it on screen); answers the server's refusal, or null. */
  const refund = useCallback(async (bookingId: string, input: { quantity: number; reason: string; requestKey: string }): Promise<string | null> => {
    try {
      const done = await refundBooking(bookingId, input);
      const what = `${plural(done.quantity, "ticket")} refunded: ${describeRefund(done)}`;
      toast.success(DASHBOARD_TOASTS.refunded.title, { description: done.status === "succeeded" ? `${what}.` : `${what}, on its way to the buyer.` });
      setReloads((count) => count + 1);
      return null;
    } catch (error) {
      const detail = failureDetail(error);
      toast.error(DASHBOARD_TOASTS.refundFailed.title, { description: detail });
      return detail;
    }
  }, []);

  const current = loaded && loaded.eventId === eventId ? loaded : null;
  const state: AttendeesState = !eventId
    ? { status: "idle" }
    : !current
      ? { status: "loading" }
      : "failed" in current
        ? { status: "failed" }
        : { status: "ready", list: current.list };

  return { state, retry, checkIn, checkingIn, refund };
}
