import { describe, expect, it } from "vitest";
import { soldByLine } from "./sale-terms";
import { sellerDetailsProblems, sellerIdentity, type SellerDetails } from "./sellers";
import { vatRateOf } from "./vat";

const complete: SellerDetails = {
  businessName: "Northern Sounds Live Ltd",
  businessAddress: "12 Canal Street\nManchester\nM1 3HE",
  sellerKind: "business",
  companyNumber: "09876543",
  vatTreatment: "standard",
  vatNumber: "GB980780684",
};
const fields = (details: SellerDetails | null) => sellerDetailsProblems(details).map((problem) => [problem.field, problem.missing]);

describe("sellerDetailsProblems (issue 34)", () => {
  it("finds nothing wrong with complete details, and everything missing without a profile", () => {
    expect(sellerDetailsProblems(complete)).toEqual([]);
    expect(fields(null)).toEqual([["businessName", true], ["businessAddress", true], ["sellerKind", true], ["vatTreatment", true]]);
  });

  it("wants a VAT number for each treatment that charges VAT, and none for a seller who is not registered", () => {
    for (const treatment of ["standard", "reduced", "zero"]) expect(fields({ ...complete, vatTreatment: treatment, vatNumber: null })).toEqual([["vatNumber", true]]);
    expect(fields({ ...complete, vatTreatment: "exempt", vatNumber: null })).toEqual([]);
    expect(fields({ ...complete, vatTreatment: "exempt" })).toEqual([]);
    expect(fields({ ...complete, vatTreatment: "not-registered" })).toEqual([["vatNumber", false]]);
    expect(fields({ ...complete, businessAddress: null })).toEqual([["businessAddress", true], ["vatNumber", false]]);
  });

  it("refuses a PO box as the address and a malformed or misplaced company number", () => {
    for (const address of ["PO Box 4\nLeeds", "P.O. BOX 77, York", "Post Office Box 9\nHull", "po box 1"]) {
      expect(fields({ ...complete, businessAddress: address })).toEqual([["businessAddress", false]]);
    }
    expect(fields({ ...complete, businessAddress: "4 Box Lane\nPoole BH15 1AA" })).toEqual([]);
    for (const number of ["1234567", "123456789", "S1234567", "SC12345"]) expect(fields({ ...complete, companyNumber: number })).toEqual([["companyNumber", false]]);
    expect(fields({ ...complete, companyNumber: "OC301234" })).toEqual([]);
    expect(fields({ ...complete, sellerKind: "individual" })).toEqual([["companyNumber", false]]);
  });
});

describe("the seller's identity and line", () => {
  it("names a complete seller only, with a company number for a business", () => {
    expect(sellerIdentity({ ...complete, vatTreatment: null })).toBeNull();
    expect(sellerIdentity(complete)).toEqual({ name: "Northern Sounds Live Ltd", address: "12 Canal Street\nManchester\nM1 3HE", kind: "business", companyNumber: "09876543" });
    expect(soldByLine(sellerIdentity(complete)!)).toBe("Sold by Northern Sounds Live Ltd, 12 Canal Street, Manchester, M1 3HE. Eventora Ltd acts as their agent.");
  });

  it("gives each VAT treatment its rate", () => {
    expect(["standard", "reduced", "zero", "exempt", "not-registered", null].map(vatRateOf)).toEqual([2000, 500, 0, null, null, null]);
  });
});
