import { BRAND } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { SUPPORT_LINK } from "./legal-facts";

/** When this statement was prepared, after the checks it describes (issue 34). */
export const ACCESSIBILITY_STATEMENT_PREPARED = "28 November 2026";

/** The accessibility statement: the standard aimed for, how it is checked, what still falls short, and who to tell. */
export const ACCESSIBILITY_STATEMENT: LegalDocument = {
  title: "Accessibility Statement",
  path: paths.accessibility,
  description: `How accessible ${BRAND.name} is: the WCAG 2.2 AA standard we aim for, how we test it, the known gaps, and how to report a problem.`,
  summary: `We want everyone to be able to find events, buy tickets and run their events on ${BRAND.name}, whatever device or assistive technology they use. This statement says how close we are and where we still fall short.`,
  lastUpdated: ACCESSIBILITY_STATEMENT_PREPARED,
  sections: [
    {
      id: "standard",
      heading: "The standard we aim for",
      blocks: [
        "We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA across the whole site. It is partially compliant: the known gaps are listed below.",
        {
          list: [
            "Every page works with a keyboard alone, shows where the keyboard focus is, and starts with a Skip to content link.",
            "Pages use headings, landmarks, labelled form fields and buttons, so screen readers can find their way; errors are named beside the field they belong to.",
            "Text and controls are designed to meet the contrast the standard asks for, and pages reflow to fit a 320 pixel wide screen.",
            "The home page's slideshow can be paused, stops while you hover or focus it, and never moves if you ask your device to reduce motion.",
            "Signing in, signing up, resetting a password, the contact form and resending a ticket work before the page's scripts have loaded.",
          ],
        },
      ],
    },
    {
      id: "testing",
      heading: "How we test it",
      blocks: [
        {
          list: [
            "Automated checks on every change: our browser tests find every button, link and field by its role and accessible name, as assistive technology does, so an unlabelled control fails them; and they run the axe-core accessibility checker on the main pages at desktop and phone sizes.",
            "A Lighthouse accessibility audit of the main pages.",
            "Manual checks with a keyboard alone of the main journeys: finding an event, buying a ticket, signing in, and the legal pages.",
          ],
        },
        "We have not yet had the site tested by disabled users or an outside auditor; we plan to.",
      ],
    },
    {
      id: "known-gaps",
      heading: "Known gaps",
      blocks: [
        {
          list: [
            "The door scanner reads QR codes through the camera, which needs sight. Door staff who cannot use it can check attendees in from the attendee list on their dashboard instead.",
            "Receipt, invoice and fee statement PDFs are not tagged, so a screen reader reads them as plain text without headings or table structure. The same receipt is available as a web page from My Tickets.",
            `Card payment happens on ${BRAND.paymentProvider}'s checkout page, which we do not control; ${BRAND.paymentProvider} publishes its own accessibility information.`,
            "Promo videos come from organisers. We cannot guarantee they have captions or audio description, and the YouTube and Vimeo players are those companies' own.",
            "Event pictures and descriptions are written by organisers. A picture's text alternative is the event's title, which may not describe what the picture shows.",
            "Pictures made with the image creator have a text alternative made from the description you typed, not from what the picture shows.",
          ],
        },
      ],
    },
    {
      id: "report",
      heading: "Reporting a problem",
      blocks: [
        `If something on ${BRAND.name} is hard or impossible for you to use, or you need information in another format, please email ${SUPPORT_LINK} and tell us the page and what happened. Where we cannot fix it quickly, we will help you another way.`,
        `You can also use our [contact form](${paths.contact}).`,
      ],
    },
    {
      id: "enforcement",
      heading: "Enforcement procedure",
      blocks: [
        "The Equality and Human Rights Commission (EHRC) is responsible for enforcing the Equality Act 2010, which requires service providers to make reasonable adjustments for disabled people. If you are not happy with how we respond to your complaint, contact the Equality Advisory and Support Service (EASS) at [equalityadvisoryservice.com](https://www.equalityadvisoryservice.com).",
      ],
    },
    {
      id: "prepared",
      heading: "Preparation of this statement",
      blocks: [
        `This statement was prepared on ${ACCESSIBILITY_STATEMENT_PREPARED}, from the automated and manual checks described above. We will review it whenever we change how the site works, and at least once a year.`,
      ],
    },
  ],
};
