import { describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, BRAND, formatPounds } from "@domain";
import { paths } from "~/paths";
import { BOOKING_TERMS, GDPR_NOTICE, LEGAL_DOCUMENTS, REFUND_POLICY, TERMS_OF_SERVICE } from "./legal-documents";
import { inlineParts, plainText, type LegalDocument } from "./legal-document";

const FEE = formatPounds(BOOKING_FEE_PENCE);
const sitePaths = new Set<string>(Object.values(paths).filter((value) => typeof value === "string"));

function links(document: LegalDocument): string[] {
  const texts = document.sections.flatMap((section) => section.blocks.flatMap((block) => (typeof block === "string" ? [block] : block.list)));
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
  it("are the five pages of the footer, each with unique section anchors", () => {
    expect(LEGAL_DOCUMENTS.map((document) => document.path)).toEqual([paths.terms, paths.privacy, paths.bookingTerms, paths.refundPolicy, paths.gdpr]);
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

  it("name the company from the brand module, and link only to pages that exist", () => {
    expect(plainText(TERMS_OF_SERVICE)).toContain(`${BRAND.companyName}, a company registered in England and Wales with company number ${BRAND.companyNumber}`);
    for (const document of LEGAL_DOCUMENTS) {
      for (const href of links(document)) {
        if (href.startsWith("/")) expect(sitePaths, `${document.title}: ${href}`).toContain(href);
        else expect(href).toMatch(/^(mailto:|https:\/\/)/);
      }
    }
  });
});
