import { useCallback, useEffect, useState } from "react";
import type { RefundRequestView } from "@domain";
import { toast } from "~/lib/toast";
import { approveRefundRequest, declineRefundRequest, getPendingRefundRequests } from "../api/refund-requests";
import { failureDetail } from "../lib/dashboard-toasts";
import { REFUND_REQUESTS_TEXT } from "../lib/refund-request-rows";

export type RefundRequestsState = { status: "loading" } | { status: "failed" } | { status: "ready"; requests: RefundRequestView[] };

/** The pending refund requests the user answers (decision 027); an answered one leaves the list. */
export function useRefundRequests(onApproved: (eventId: string) => void) {
  const [state, setState] = useState<RefundRequestsState>({ status: "loading" });
  const [reloads, setReloads] = useState(0);
  const [answering, setAnswering] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPendingRefundRequests(controller.signal).then(
      ({ requests }) => setState({ status: "ready", requests }),
      () => !controller.signal.aborted && setState({ status: "failed" }),
    );
    return () => controller.abort();
  }, [reloads]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setReloads((count) => count + 1);
  }, []);

  const answer = useCallback(async (request: RefundRequestView, decision: { approve: true } | { approve: false; note: string }): Promise<boolean> => {
    setAnswering(request.requestId);
    try {
      if (decision.approve) {
        await approveRefundRequest(request.requestId);
        toast.success(REFUND_REQUESTS_TEXT.approved.title, { description: REFUND_REQUESTS_TEXT.approved.description(request) });
        onApproved(request.event.id);
      } else {
        await declineRefundRequest(request.requestId, decision.note);
        toast.success(REFUND_REQUESTS_TEXT.declined.title, { description: REFUND_REQUESTS_TEXT.declined.description(request) });
      }
      setState((current) => (current.status === "ready" ? { status: "ready", requests: current.requests.filter((one) => one.requestId !== request.requestId) } : current));
      return true;
    } catch (error) {
      toast.error(REFUND_REQUESTS_TEXT.answerFailed, { description: failureDetail(error) });
      // Answered elsewhere meanwhile (another organiser or an admin): the list shows what is left.
      setReloads((count) => count + 1);
      return false;
    } finally {
      setAnswering(null);
    }
  }, [onApproved]);

  return { state, retry, answer, answering };
}
