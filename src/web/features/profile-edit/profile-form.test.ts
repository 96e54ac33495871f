import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import {
  avatarFileProblem,
  normaliseWebsite,
  pathAfterSave,
  PROFILE_TOASTS,
  saveFailureProblem,
  toUpdateInput,
  type ProfileFormValues,
} from "./profile-form";
import { profileFormProblem } from "./lib/profile-checks";

const empty: ProfileFormValues = { username: "", displayName: "", bio: "", location: "", website: "", avatarUrl: "", businessName: "", businessAddress: "", vatNumber: "", sellerKind: "", isCompany: false, companyNumber: "", vatTreatment: "" };

describe("toUpdateInput (spec §5 Profile edit: empty fields are saved as null)", () => {
  it("trims every field and sends empty ones as null", () => {
    expect(toUpdateInput({ ...empty, username: " alex_1 ", bio: "  " })).toEqual({
      username: "alex_1",
      displayName: null,
      bio: null,
      location: null,
      website: null,
      avatarUrl: null,
      businessName: null,
      businessAddress: null,
      vatNumber: null,
      sellerKind: null,
      isCompany: false,
      companyNumber: null,
      vatTreatment: null,
    });
  });

  it("sends a company number only for a business that ticks it is a company", () => {
    const company = { ...empty, sellerKind: "business", isCompany: true, companyNumber: "sc 123456" };
    expect(toUpdateInput(company)).toMatchObject({ isCompany: true, companyNumber: "sc 123456" });
    expect(toUpdateInput({ ...company, isCompany: false })).toMatchObject({ isCompany: false, companyNumber: null });
    expect(toUpdateInput({ ...company, sellerKind: "individual" })).toMatchObject({ isCompany: false, companyNumber: null });
  });

  it("reads a website typed without its scheme as https", () => {
    expect(normaliseWebsite("example.co.uk")).toBe("https://example.co.uk");
    expect(normaliseWebsite("http://example.co.uk")).toBe("http://example.co.uk");
    expect(normaliseWebsite(" ")).toBe("");
    expect(toUpdateInput({ ...empty, website: "example.co.uk/events" }).website).toBe("https://example.co.uk/events");
  });
});

describe("profileFormProblem", () => {
  it("refuses a username with anything but letters, numbers and underscores, in the spec's words", () => {
    expect(profileFormProblem({ ...empty, username: "alex smith" })).toEqual({ ...PROFILE_TOASTS.invalidUsername, field: "username" });
    expect(PROFILE_TOASTS.invalidUsername).toEqual({
      title: "Invalid Username",
      description: "Username can only contain letters, numbers, and underscores",
    });
  });

  it("names the field of any other problem", () => {
    const problem = profileFormProblem({ ...empty, website: "javascript:alert(1)" });
    expect(problem).toMatchObject({ title: "Failed to update profile", field: "website" });
    expect(problem?.description).toMatch(/^Website: /);
  });

  it("accepts an empty form and a complete one", () => {
    expect(profileFormProblem(empty)).toBeNull();
    expect(
      profileFormProblem({
        username: "Alex_99",
        displayName: "Alex Smith",
        bio: "I run comedy nights.",
        location: "Leeds",
        website: "alexsmith.co.uk",
        avatarUrl: "/media/avatars/u1.webp?v=123",
        businessName: "Alex Smith Comedy Ltd",
        businessAddress: "1 Briggate\nLeeds\nLS1 6HD",
        vatNumber: "GB 980 7806 84",
        sellerKind: "business",
        isCompany: true,
        companyNumber: "01234567",
        vatTreatment: "standard",
      }),
    ).toBeNull();
  });

  it("asks a company for its number, and refuses a PO box, beside the field (issue 34)", () => {
    expect(profileFormProblem({ ...empty, sellerKind: "business", isCompany: true })).toMatchObject({ field: "companyNumber", description: expect.stringMatching(/^Company number: A company needs its company number/) });
    expect(profileFormProblem({ ...empty, businessAddress: "PO Box 7\nLeeds" })).toMatchObject({ field: "businessAddress", description: expect.stringMatching(/^Address: A PO box is not a geographic address/) });
  });

  it("says what is wrong with a VAT number, beside the field", () => {
    const problem = profileFormProblem({ ...empty, businessAddress: "1 Briggate\nLeeds", vatTreatment: "standard", vatNumber: "GB12345" });
    expect(problem).toMatchObject({ title: "Failed to update profile", field: "vatNumber" });
    expect(problem?.description).toMatch(/^VAT number: A UK VAT number has 9 digits/);
  });
});

describe("saveFailureProblem (spec §8 Profile)", () => {
  it("says 'Username Taken' for a name in use", () => {
    const problem = saveFailureProblem(new ApiRequestError({ status: 409, code: "USERNAME_TAKEN", message: "This username is already in use" }));
    expect(problem).toEqual({ title: "Username Taken", description: "This username is already in use", field: "username" });
  });

  it("shows any other refusal as 'Failed to update profile' with the server's message and field", () => {
    const error = new ApiRequestError({ status: 400, code: "VALIDATION_FAILED", message: "Invalid field 'website': Must be a web address" });
    expect(saveFailureProblem(error)).toEqual({ title: "Failed to update profile", description: error.message, field: "website" });
    const vat = new ApiRequestError({ status: 400, code: "VALIDATION_FAILED", message: "Invalid field 'vatNumber': A UK VAT number has 9 digits" });
    expect(saveFailureProblem(vat).field).toBe("vatNumber");
    expect(saveFailureProblem(new TypeError("Failed to fetch"))).toEqual({ title: "Failed to update profile", description: "Failed to fetch" });
  });
});

describe("avatarFileProblem", () => {
  it("takes JPG, PNG and WebP up to 5 MB", () => {
    expect(avatarFileProblem({ type: "image/png", size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: "image/gif", size: 1024 })?.title).toBe("Image upload failed");
    expect(avatarFileProblem({ type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })?.description).toMatch(/5 MB/);
  });
});

describe("pathAfterSave (spec §2 Profiles)", () => {
  it("goes to the public profile, or the dashboard without a username", () => {
    expect(pathAfterSave({ username: "alex_1" })).toBe("/profile/alex_1");
    expect(pathAfterSave({ username: null })).toBe("/dashboard");
  });
});
