import { HelpCircle, Mail, MessageCircle, Ticket, type LucideIcon } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { BRAND, EMERGENCY_SUPPORT_TEXT, SUPPORT_HOURS_TEXT } from "@domain";
import { LinkList } from "~/components/link-list";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { requestAssistant } from "./live-chat";
import { EmailSupportDialog } from "./email-support-dialog";
import { HelpFaq } from "./help-faq";

const POLICY_LINKS = [
  { to: paths.refundPolicy, label: "Refund Policy" },
  { to: paths.bookingTerms, label: "Booking Terms & Conditions" },
  { to: paths.privacy, label: "Privacy Policy" },
] as const;

function HelpCard({ icon: Icon, title, text, action, onAction }: { icon: LucideIcon; title: string; text: string; action: string; onAction: () => void }) {
  return (
    <li className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm">
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-lg font-bold">{title}</h2>
      <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted">{text}</p>
      <Button type="button" variant="secondary" className="mt-5 self-start" onClick={onAction}>
        {action}
      </Button>
    </li>
  );
}

/** /help (spec §2 Help Centre): FAQ, Live Chat and Email Support cards, then the 11-question FAQ. */
export function HelpPage() {
  const faqHeading = useRef<HTMLHeadingElement>(null);
  const [emailOpen, setEmailOpen] = useState(false);

  function showFaq() {
    const heading = faqHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }

  function startChat() {
    if (requestAssistant()) return;
    toast.info("Live Chat is not available right now", { description: `Please email us at ${BRAND.supportEmail} and we'll help.` });
  }

  return (
    <>
      <section aria-labelledby="help-title" className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Support</p>
          <h1 id="help-title" className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">
            Help Centre
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">
            Answers about buying tickets, refunds, getting in and running your own event. Can&apos;t find what you need? We&apos;re here to help.
          </p>
        </div>
      </section>

      <div className="bg-surface">
        <div className="container-page flex flex-col gap-14 py-10 sm:py-14">
          <ul className="grid gap-5 md:grid-cols-3" aria-label="Ways to get help">
            <HelpCard icon={HelpCircle} title="FAQ" text="Quick answers to the questions we're asked most." action="Browse FAQ" onAction={showFaq} />
            <HelpCard
              icon={MessageCircle}
              title="Live Chat"
              text="Ask our assistant about events, tickets, fees and refunds, any time."
              action="Start Chat"
              onAction={startChat}
            />
            <HelpCard icon={Mail} title="Email Support" text={`Write to our team. Support hours are ${SUPPORT_HOURS_TEXT}.`} action="Email Us" onAction={() => setEmailOpen(true)} />
          </ul>

          <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
            <HelpFaq headingRef={faqHeading} />
            <aside aria-labelledby="help-more" className="flex flex-col gap-5 self-start rounded-3xl bg-white p-6 shadow-sm ring-1 ring-border lg:sticky lg:top-24">
              <div>
                <h2 id="help-more" className="text-xl font-bold">
                  Still need help?
                </h2>
                <p className="mt-2 text-sm text-muted">Support hours are {SUPPORT_HOURS_TEXT}.</p>
                <p className="mt-2 text-sm text-muted">{EMERGENCY_SUPPORT_TEXT}</p>
              </div>
              <div className="flex flex-col gap-2">
                <Link to={paths.contact} className={buttonVariants()}>
                  <Mail aria-hidden="true" />
                  Contact Us
                </Link>
                <Link to={paths.resendTicket} className={buttonVariants({ variant: "outline" })}>
                  <Ticket aria-hidden="true" />
                  Resend Ticket
                </Link>
              </div>
              <nav aria-label="Policies" className="border-t border-border pt-4">
                <LinkList links={POLICY_LINKS} className="flex flex-col gap-2 text-sm" linkClassName="font-medium text-brand-700 underline-offset-4 hover:underline" />
              </nav>
            </aside>
          </div>
        </div>
      </div>
      <EmailSupportDialog open={emailOpen} onOpenChange={setEmailOpen} />
    </>
  );
}
