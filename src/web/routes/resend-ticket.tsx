import { ResendTicketPage } from "~/features/email-tools/components/resend-ticket-page";
import { seoMeta } from "~/lib/seo";

export const meta = () =>
  seoMeta({
    title: "Resend Ticket",
    description: "Get your ticket email again: enter your booking ID, ticket code or payment session ID and we send it to the email on the booking.",
  });

export default function ResendTicketRoute() {
  return <ResendTicketPage />;
}
