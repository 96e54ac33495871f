import { useEffect } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { EVENT_TOASTS } from "../lib/event-toasts";
import type { EventLoadError } from "../lib/load-error";

/** spec §2 Create/edit event: an event that cannot be edited gives its toast, then the dashboard. */
export function useLeaveAfterLoadError(loadError: EventLoadError | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!loadError) return;
    const { title, description } = loadError === "access-denied" ? EVENT_TOASTS.accessDenied : EVENT_TOASTS.loadFailed;
    // The id keeps React's development double effects from stacking a second toast.
    toast.error(title, { description, id: "event-load-error" });
    void navigate(paths.dashboard, { replace: true });
  }, [loadError, navigate]);
}

/** For admins: 'Error loading organizers' when the organiser list could not be loaded. */
export function useOrganisersLoadErrorToast(failed: boolean): void {
  useEffect(() => {
    if (failed) toast.error(EVENT_TOASTS.organisersFailed.title, { description: EVENT_TOASTS.organisersFailed.description, id: "organisers-load-error" });
  }, [failed]);
}
