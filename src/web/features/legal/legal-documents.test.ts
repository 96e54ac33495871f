import { describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, BRAND, formatPounds, RETENTION, type PlatformCompany } from "@domain";
import { paths } from "~/paths";
import { DEFAULT_COMPANY } from "~/test/default-company";
import { ACCESSIBILITY_STATEMENT, BOOKING_TERMS, GDPR_NOTICE, LEGAL_DOCUMENTS, PRIVACY_POLICY, REFUND_POLICY, TERMS_OF_SERVICE } from "./legal-documents";
import { blockTexts, inlineParts, plainText as plainTextFor, type LegalDocument } from "./legal-document";

const FEE = formatPounds(BOOKING_FEE_PENCE);
const sitePaths = new Set<string>(Object.values(paths).filter((value) => typeof value === "string"));

/** A document's words with the company of the default configuration. */
const plainText = (document: LegalDocument) => plainTextFor(document, DEFAULT_COMPANY);

function links(document: LegalDocument): string[] {
  const texts = document.sections.flatMap((section) => section.blocks.flatMap((block) => blockTexts(block, DEFAULT_COMPANY)));
  return texts.flatMap((text) => inlineParts(text).flatMap((part) => (typeof part === "string" ? [] : [part.href])));
}

describe("inline links in legal text", () => {
  it("splits [label](href) links out of plain text", () => {
    expect(inlineParts("See our [Refund Policy](/refund-policy) or email [us](mailto:a@b.co).")).toEqual([
      "See our ",
      { label: "Refund Policy", href: "/refund-policy" },
      " or email ",
      { label: "us", href: "mailto:a@b.co" },
      ".",
    ]);
    expect(inlineParts("No links here")).toEqual(["No links here"]);
  });
});

describe("legal pages (spec §2 Legal pages)", () => {
  it("are the five pages of the footer and the accessibility statement, each with unique section anchors", () => {
    expect(LEGAL_DOCUMENTS.map((document) => document.path)).toEqual([paths.terms, paths.privacy, paths.bookingTerms, paths.refundPolicy, paths.gdpr, paths.accessibility]);
    for (const document of LEGAL_DOCUMENTS) {
      const ids = document.sections.map((section) => section.id);
      expect(new Set(ids).size, document.title).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it(`state the booking fee as ${FEE} per ticket on paid events, from the domain constant, never £2.00 (decisions.md D1)`, () => {
    expect(FEE).toBe("£2.30");
    for (const document of [TERMS_OF_SERVICE, BOOKING_TERMS, REFUND_POLICY]) {
      expect(plainText(document), document.title).toContain(`${FEE} per ticket`);
    }
    expect(plainText(BOOKING_TERMS)).toContain("paid events only");
    for (const document of LEGAL_DOCUMENTS) expect(plainText(document), document.title).not.toContain("£2.00");
  });

  it("carry the spec's refund and GDPR facts (spec §9 Refunds and policy)", () => {
    const refunds = plainText(REFUND_POLICY);
    expect(refunds).toContain("up to 48 hours before the event");
    expect(refunds).toContain("5-7 business days");
    expect(refunds).toContain("24-48 hours");
    expect(refunds).toMatch(/organiser cancels the event, you do not need to do anything: you get a full refund/);
    // The real process (decision 027): asked from My Tickets; the fee stays on a buyer's request; a date change opens 14 days.
    expect(refunds).toContain("open My Tickets");
    expect(refunds).toContain("The booking fee is not refunded.");
    expect(refunds).toContain("you have 14 days from the change to ask for a refund");
    const gdpr = plainText(GDPR_NOTICE);
    expect(gdpr).toContain("within one month");
    expect(gdpr).toContain("two further months");
    expect(gdpr).toContain("at least 13 years old");
  });

  it("name the configured company (issue 34), the same words as before with the default configuration, and link only to pages that exist", () => {
    const identity = `${BRAND.companyName}, a company registered in England and Wales with company number ${BRAND.companyNumber}, whose registered office is at ${BRAND.registeredAddress}`;
    expect(plainText(TERMS_OF_SERVICE)).toContain(`${BRAND.name} is run by ${identity} ("we", "us").`);
    expect(plainText(PRIVACY_POLICY)).toContain(`${BRAND.name} is run by ${identity}. We are the controller`);
    expect(plainText(GDPR_NOTICE)).toContain(`The controller of your personal data is ${identity}.`);
    expect(plainText(BOOKING_TERMS)).toContain(`${BRAND.companyName} sells tickets on the organiser's behalf`);
    const scottish: PlatformCompany = { name: "Ticket Co Ltd", number: "SC123456", address: "1 High Street, Edinburgh EH1 1AA", vatNumber: null };
    for (const document of LEGAL_DOCUMENTS) {
      const text = plainTextFor(document, scottish);
      expect(text, document.title).not.toContain(BRAND.companyName);
      expect(text, document.title).not.toContain(BRAND.registeredAddress);
    }
    expect(plainTextFor(TERMS_OF_SERVICE, scottish)).toContain(
      "Ticket Co Ltd, a company registered in Scotland with company number SC123456, whose registered office is at 1 High Street, Edinburgh EH1 1AA",
    );
    expect(plainTextFor(BOOKING_TERMS, scottish)).toContain("Ticket Co Ltd sells tickets on the organiser's behalf");
    for (const document of LEGAL_DOCUMENTS) {
      for (const href of links(document)) {
        if (href.startsWith("/")) expect(sitePaths, `${document.title}: ${href}`).toContain(href);
        else expect(href).toMatch(/^(mailto:|https:\/\/)/);
      }
    }
  });
});

describe("the privacy notice says what the app really does (issue 34)", () => {
  const privacy = plainText(PRIVACY_POLICY);

  it("states every retention period from RETENTION, which the retention job enforces", () => {
    expect(privacy).toContain(`${RETENTION.financialRecordsYears} years after the booking`);
    expect(privacy).toContain(`A checkout that was never paid: ${RETENTION.unpaidCheckoutDays} days.`);
    expect(privacy).toContain(`Contact messages: ${RETENTION.contactMessagesYears} years`);
    expect(privacy).toContain(`The door's scan log (which ticket was scanned, when, where and by which staff member): 1 year after the event`);
    expect(RETENTION.doorRecordsYears).toBe(1);
    expect(privacy).toContain(`Counters of recent requests: ${RETENTION.rateLimitHours} hours`);
    // The app keeps no logs of its own: the operator keeps its output no longer than this (docs/deploy.md §7).
    expect(privacy).toContain(`Server logs: ${RETENTION.serverLogsDays} days, then they are deleted.`);
  });

  it("lists what the browser keeps item by item, the optional ones only on consent, and videos only on a click", () => {
    for (const stored of ["The sign-in cookie", "cart cookie", "only if you tick Remember my e-mail on this device", "only if you say yes when you arrive through their link; it is kept for 30 days", "offline list"]) {
      expect(privacy).toContain(stored);
    }
    expect(privacy).toContain("not loaded until you press Play video");
    expect(privacy).not.toMatch(/affiliate code for 30 days if you arrive/);
  });

  it("says why the date of birth is kept, names the processors, the self-service rights and a true date", () => {
    expect(privacy).toMatch(/Events can have a minimum age .* we check it when you buy tickets for one; that check is the only reason we keep it\./);
    for (const processor of ["Stripe", "e-mail delivery provider", "Twilio", "OpenAI", "file storage"]) expect(privacy).toContain(processor);
    expect(privacy).toContain("Download my data");
    expect(privacy).toContain("Delete my account");
    expect(links(PRIVACY_POLICY)).toContain(paths.profileEdit);
    expect(PRIVACY_POLICY.lastUpdated).toBe("1 December 2026");
  });
});

describe("the accessibility statement", () => {
  const statement = plainText(ACCESSIBILITY_STATEMENT);

  it("names its standard, how it was tested, its known gaps, a contact and the enforcement procedure, with the date it was prepared", () => {
    expect(statement).toContain("WCAG) 2.2 at level AA");
    expect(statement).toMatch(/axe-core/);
    expect(statement).toMatch(/Lighthouse/);
    expect(statement).toMatch(/keyboard alone/);
    const gaps = ACCESSIBILITY_STATEMENT.sections.find((section) => section.id === "known-gaps")!;
    expect(plainText({ ...ACCESSIBILITY_STATEMENT, sections: [gaps] })).toMatch(/camera[\s\S]*PDFs are not tagged[\s\S]*Stripe/);
    expect(statement).toContain(BRAND.supportEmail);
    expect(statement).toContain("Equality and Human Rights Commission (EHRC)");
    expect(statement).toContain("prepared on 28 November 2026");
  });
});
