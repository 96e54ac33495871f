/** The event page's and the event card's line under 'Cancelled' (decision 027). */
export const CANCELLED_EVENT_NOTICE = "This event has been cancelled. Every ticket holder is refunded in full.";
