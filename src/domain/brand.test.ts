import { describe, expect, it } from "vitest";
import { BRAND, companyRegisteredIn } from "./brand";

describe("companyRegisteredIn: where a company number says Companies House registered it", () => {
  it("reads Scotland and Northern Ireland from the prefix, and England and Wales otherwise", () => {
    expect(companyRegisteredIn(BRAND.companyNumber)).toBe("England and Wales");
    expect(companyRegisteredIn("OC123456")).toBe("England and Wales");
    expect(companyRegisteredIn("SC123456")).toBe("Scotland");
    expect(companyRegisteredIn("SO301234")).toBe("Scotland");
    expect(companyRegisteredIn("NI612345")).toBe("Northern Ireland");
    expect(companyRegisteredIn("NC001234")).toBe("Northern Ireland");
  });
});
