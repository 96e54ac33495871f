import { describe, expect, it } from "vitest";
import { VatInvoiceRequest } from "./receipt-shapes";
import { formatCreditNoteNumber, formatReceiptNumber, formatVatInvoiceNumber, offersVatInvoice, receiptSellerLine, receiptVatLine } from "./receipts";

describe("receipt and VAT invoice numbers (issue 34)", () => {
  it("print the place in the series and nothing else, six digits and more when the series outgrows them", () => {
    expect(formatReceiptNumber(123)).toBe("R-000123");
    expect(formatReceiptNumber(1_234_567)).toBe("R-1234567");
    expect(formatVatInvoiceNumber(42)).toBe("INV-000042");
    expect(formatCreditNoteNumber(3)).toBe("CN-000003");
  });
});

describe("offersVatInvoice", () => {
  it("offers a full VAT invoice over £250 only (HMRC's simplified invoice covers up to £250)", () => {
    expect(offersVatInvoice(25_000)).toBe(false);
    expect(offersVatInvoice(25_001)).toBe(true);
  });
});

describe("receiptVatLine", () => {
  it("states the VAT at the recorded rate, zero-rated as 0% and £0.00, exempt as exempt, and nothing when not registered", () => {
    expect(receiptVatLine({ vatRateBasisPoints: 2000, vatIncludedPence: 800 })).toBe("VAT included at 20%: £8.00");
    expect(receiptVatLine({ vatRateBasisPoints: 500, vatIncludedPence: 48, vatTreatment: "reduced" })).toBe("VAT included at 5%: £0.48");
    expect(receiptVatLine({ vatRateBasisPoints: 0, vatIncludedPence: 0, vatTreatment: "zero" })).toBe("VAT included at 0%: £0.00");
    expect(receiptVatLine({ vatRateBasisPoints: null, vatIncludedPence: null, vatTreatment: "exempt" })).toBe("Exempt from VAT");
    expect(receiptVatLine({ vatRateBasisPoints: null, vatIncludedPence: null, vatTreatment: "not-registered" })).toBeNull();
  });
});

describe("receiptSellerLine", () => {
  it("says whether the seller is a business (with its company number) or a private individual", () => {
    expect(receiptSellerLine({ sellerKind: "business", companyNumber: "01234567" })).toBe("Business, company number 01234567");
    expect(receiptSellerLine({ sellerKind: "business", companyNumber: null })).toBe("Business");
    expect(receiptSellerLine({ sellerKind: "individual", companyNumber: null })).toBe("Private individual");
    expect(receiptSellerLine({ sellerKind: null, companyNumber: null })).toBeNull();
  });
});

describe("VatInvoiceRequest", () => {
  it("takes a name and a full address, lines trimmed and blank lines dropped", () => {
    expect(VatInvoiceRequest.parse({ buyerName: "  Ada  ", buyerAddress: " 12 St James's Square \n\n London SW1Y 4JH " })).toEqual({ buyerName: "Ada", buyerAddress: "12 St James's Square\nLondon SW1Y 4JH" });
    expect(VatInvoiceRequest.parse({ buyerName: "Ada", buyerAddress: "12 High Street, York" }).buyerAddress).toBe("12 High Street, York");
  });

  it("refuses a missing name, an empty or one-word address, naming the field", () => {
    const pathOf = (input: unknown) => VatInvoiceRequest.safeParse(input).error?.issues[0]?.path;
    expect(pathOf({ buyerName: "", buyerAddress: "1 Road\nYork" })).toEqual(["buyerName"]);
    expect(pathOf({ buyerName: "Ada", buyerAddress: "\n \n" })).toEqual(["buyerAddress"]);
    expect(pathOf({ buyerName: "Ada", buyerAddress: "London" })).toEqual(["buyerAddress"]);
    expect(pathOf({ buyerName: "Ada\u202E", buyerAddress: "1 Road\nYork" })).toEqual(["buyerName"]);
  });
});
