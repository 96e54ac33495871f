import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { BuyerRefundRequest, MyTicket, TicketEmailStatus } from "@domain";
import { ApiRequestError, apiRequest } from "~/lib/api-request";
import { paths } from "~/paths";
import { MY_TICKETS_TEXT } from "./my-tickets-text";

/** The signed-in user's bookings, newest first, each with its signed QR payload (GET /api/me/tickets). */
export function getMyTickets(signal?: AbortSignal): Promise<{ tickets: MyTicket[] }> {
  return apiRequest("/api/me/tickets", { method: "GET", signal });
}

export type MyTicketsState = { status: "loading" } | { status: "ready"; tickets: MyTicket[] } | { status: "failed" };

/**
 * The signed-in user's tickets, read in the browser so the page paints at once with skeletons (spec §2
 * My Tickets). A session that ended meanwhile goes to /auth and comes back here.
 */
export function useMyTickets() {
  const [state, setState] = useState<MyTicketsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();

  useEffect(() => {
    const controller = new AbortController();
    getMyTickets(controller.signal).then(
      ({ tickets }) => setState({ status: "ready", tickets }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 401) {
          void navigate(`${paths.auth}?redirect=${encodeURIComponent(paths.myTickets)}`, { replace: true });
          return;
        }
        toast.error(MY_TICKETS_TEXT.loadFailed.title, { description: MY_TICKETS_TEXT.loadFailed.description });
        setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [attempt, navigate]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((value) => value + 1);
  }, []);

  /** A resend that went out: the card shows the new delivery without reading the list again. */
  const markEmail = useCallback((bookingId: string, ticketEmail: TicketEmailStatus) => {
    setState((current) =>
      current.status === "ready"
        ? { status: "ready", tickets: current.tickets.map((ticket) => (ticket.bookingId === bookingId ? { ...ticket, ticketEmail } : ticket)) }
        : current,
    );
  }, []);

  /** A refund request that was made: the card shows it at once (and, approved at once, the list is read again for the refund). */
  const markRefundRequest = useCallback((bookingId: string, request: BuyerRefundRequest) => {
    setState((current) =>
      current.status === "ready"
        ? { status: "ready", tickets: current.tickets.map((ticket) => (ticket.bookingId === bookingId ? { ...ticket, refund: { ...ticket.refund, canRequest: false, request } } : ticket)) }
        : current,
    );
  }, []);

  return { state, retry, markEmail, markRefundRequest };
}
