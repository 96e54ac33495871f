import { ResendTicketPage } from "~/features/email-tools/resend-ticket-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/resend-ticket";

export const meta = () =>
  seoMeta({
    title: "Resend Ticket",
    description: "Get your ticket email again: enter your booking ID, ticket code or payment session ID and we send it to the email on the booking.",
  });

/** The form posted before the page's scripts ran: the server resends as the API would (issue 16). */
export async function action({ context, request }: Route.ActionArgs) {
  const { resendTicketAction } = await import("~/features/email-tools/resend-ticket-action.server");
  return resendTicketAction(context, request);
}

export default function ResendTicketRoute() {
  return <ResendTicketPage />;
}
