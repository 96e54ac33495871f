import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { orderSellers, orders } from "../../db/schema";
import { providerSellerText } from "./checkout.service";

const t = setUpTestApp();

/** Complete details of a VAT-registered limited company (a real UK VAT number: python-stdnum's example). */
const COMPANY = {
  businessName: "Harbour Lights Events Ltd",
  businessAddress: "1 Quay Street\nBristol\nBS1 4DJ",
  sellerKind: "business",
  isCompany: true,
  companyNumber: "01234567",
  vatTreatment: "standard",
  vatNumber: "GB 980 7806 84",
};

const buy = (buyer: AuthClient, eventId: string) => buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity: 1 });
const saveSeller = (client: AuthClient, details: Record<string, unknown>) => client.request("PUT", "/api/me/profile", details);

async function organiserWithEvent(title: string) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  expect((await saveSeller(organiser.client, COMPANY)).statusCode).toBe(200);
  const paid = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10, title });
  return { organiser, paid };
}

describe("seller details before a paid event goes on sale (issue 34)", () => {
  it.each([
    ["businessName", { businessName: "" }],
    ["businessAddress", { businessAddress: "" }],
    ["sellerKind", { sellerKind: "" }],
    ["vatTreatment", { vatTreatment: "" }],
    ["vatNumber", { vatNumber: "" }],
  ])("refuses to sell a paid event while the organiser's %s is missing, by the event's name; sells once it is added", async (field, gap) => {
    const { organiser, paid } = await organiserWithEvent(`Harbour Gig ${field}`);
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const saved = await saveSeller(organiser.client, { ...COMPANY, ...gap, ...(field === "businessAddress" ? { vatNumber: "" } : {}) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sellerDetailsProblems.map((problem: { field: string }) => problem.field)).toContain(field);

    const refused = await buy(buyer.client, paid.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "CONFLICT",
      message: `Tickets for Harbour Gig ${field} are not on sale yet: the organiser has not added their seller details.`,
      details: { reason: "SELLER_DETAILS_MISSING", eventId: paid.id },
    });
    const page = (await buyer.client.get(`/api/events/${paid.id}`)).json();
    expect(page).toMatchObject({ awaitingSellerDetails: true, seller: null });

    expect((await saveSeller(organiser.client, COMPANY)).json().sellerDetailsProblems).toEqual([]);
    expect((await buy(buyer.client, paid.id)).statusCode).toBe(200);
  });

  it("never holds back a free event, and keeps the details when a profile update names none of them", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await saveSeller(organiser.client, { businessName: "" })).statusCode).toBe(200);
    const free = await createEvent(t.db, { userId: organiser.account.id, pricePence: 0, title: "Free Harbour Walk" });
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const answer = await buy(buyer.client, free.id);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe("Free Harbour Walk is free: no payment or booking is needed.");
    expect((await buyer.client.get(`/api/events/${free.id}`)).json()).toMatchObject({ awaitingSellerDetails: false, seller: null });

    const { organiser: seller } = await organiserWithEvent("Kept Details Night");
    const renamed = await seller.client.request("PUT", "/api/me/profile", { displayName: "Harbour Jo" });
    expect(renamed.json()).toMatchObject({ displayName: "Harbour Jo", businessName: "Harbour Lights Events Ltd", companyNumber: "01234567", sellerDetailsProblems: [] });
  });

  it("names the seller in the event JSON (never their e-mail) and records them at payment with their treatment's rate", async () => {
    const { organiser, paid } = await organiserWithEvent("Named Seller Night");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await buyer.client.get(`/api/events/${paid.id}`);
    expect(event.json()).toMatchObject({
      awaitingSellerDetails: false,
      seller: { name: "Harbour Lights Events Ltd", address: "1 Quay Street\nBristol\nBS1 4DJ", kind: "business", companyNumber: "01234567" },
    });
    expect(event.body).not.toContain(organiser.account.email);
    // The local test checkout (Stripe's page's stand-in) names them too, before the buyer pays.
    const held = await buy(buyer.client, paid.id);
    const page = (await buyer.client.get(`/api/checkout/test/${held.json().sessionId}`)).json();
    expect(page.sellers).toEqual([{ name: "Harbour Lights Events Ltd", address: "1 Quay Street\nBristol\nBS1 4DJ", kind: "business", companyNumber: "01234567" }]);
    expect((await buyer.client.post(`/api/checkout/test/${held.json().sessionId}/cancel`)).statusCode).toBe(200);

    expect((await saveSeller(organiser.client, { ...COMPANY, vatTreatment: "reduced" })).statusCode).toBe(200);
    const checkout = await buy(buyer.client, paid.id);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
    const [recorded] = await t.db.select().from(orderSellers).where(eq(orderSellers.orderId, order!.id));
    expect(recorded).toMatchObject({ sellerKind: "business", companyNumber: "01234567", vatTreatment: "reduced", vatNumber: "GB980780684", vatRateBasisPoints: 500 });

    // Exempt: a VAT number, and no rate on the record.
    const exempt = await organiserWithEvent("Exempt Recital");
    expect((await saveSeller(exempt.organiser.client, { ...COMPANY, vatTreatment: "exempt" })).statusCode).toBe(200);
    const exemptCheckout = await buy(buyer.client, exempt.paid.id);
    expect((await buyer.client.post(`/api/checkout/test/${exemptCheckout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [exemptOrder] = await t.db.select().from(orders).where(eq(orders.sessionId, exemptCheckout.json().sessionId));
    const [exemptRecord] = await t.db.select().from(orderSellers).where(eq(orderSellers.orderId, exemptOrder!.id));
    expect(exemptRecord).toMatchObject({ vatTreatment: "exempt", vatNumber: "GB980780684", vatRateBasisPoints: null });
  });

  it.each([
    [{ businessAddress: "PO Box 123\nBristol BS99 1AA" }, "businessAddress", /PO box is not a geographic address/],
    [{ businessAddress: "P.O. Box 9, Leeds" }, "businessAddress", /PO box/],
    [{ companyNumber: "1234567" }, "companyNumber", /8 digits, or 2 letters and 6 digits/],
    [{ companyNumber: "" }, "companyNumber", /company needs its company number/],
    [{ sellerKind: "individual", isCompany: false }, "companyNumber", /private individual has no company number/],
    [{ businessAddress: "" }, "vatNumber", /needs the address/],
    [{ vatTreatment: "not-registered" }, "vatNumber", /not VAT-registered has no VAT number/],
    [{ vatNumber: "GB 980 7806 85" }, "vatNumber", /check digits/],
    [{ vatTreatment: "half" }, "vatTreatment", /VAT treatments listed/],
    [{ sellerKind: "charity" }, "sellerKind", /business or private individual/],
  ])("refuses wrong seller details with a 400 naming the field: %j", async (change, field, message) => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const refused = await saveSeller(organiser.client, { ...COMPANY, ...change });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(new RegExp(`^Invalid field '${field}': `));
    expect(refused.json().error.message).toMatch(message);
  });

  it("is documented in the OpenAPI document: the profile's seller fields, the event's seller and create-payment's refusal", async () => {
    const docs = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const profileBody = docs.paths["/api/me/profile"].put.requestBody.content["application/json"].schema;
    expect(Object.keys(profileBody.properties)).toEqual(expect.arrayContaining(["businessName", "businessAddress", "sellerKind", "isCompany", "companyNumber", "vatTreatment", "vatNumber"]));
    const event = docs.paths["/api/events/{id}"].get.responses["200"].content["application/json"].schema;
    expect(Object.keys(event.properties)).toEqual(expect.arrayContaining(["seller", "awaitingSellerDetails"]));
    expect(docs.paths["/api/functions/create-payment"].post.description).toContain("SELLER_DETAILS_MISSING");
  });

  it("accepts a private individual who is not VAT-registered, and a Scottish company number", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const individual = await saveSeller(organiser.client, { businessName: "Sam Taylor", businessAddress: "3 Mill Lane\nYork\nYO1 7HH", sellerKind: "individual", vatTreatment: "not-registered" });
    expect(individual.json()).toMatchObject({ sellerKind: "individual", companyNumber: null, vatNumber: null, sellerDetailsProblems: [] });
    const scottish = await saveSeller(organiser.client, { ...COMPANY, companyNumber: "sc 123456" });
    expect(scottish.json()).toMatchObject({ companyNumber: "SC123456", sellerDetailsProblems: [] });
  });
});

describe("the seller text beside the provider's Pay button", () => {
  const seller = (n: number) => ({ name: `Seller ${n} Ltd`, address: `${n} Long Street\nManchester\nM1 1AA`, kind: "business" as const, companyNumber: null });

  it("names each seller once, and falls back to the agent line when a cart of many sellers would pass Stripe's 1200 characters", () => {
    expect(providerSellerText([seller(1), seller(1), seller(2)], "Eventora Ltd")).toBe(
      "Sold by Seller 1 Ltd, 1 Long Street, Manchester, M1 1AA. Eventora Ltd acts as their agent.\nSold by Seller 2 Ltd, 2 Long Street, Manchester, M1 1AA. Eventora Ltd acts as their agent.",
    );
    const many = providerSellerText(Array.from({ length: 20 }, (_, i) => seller(i)), "Eventora Ltd");
    expect(many).toBe("Each ticket line above names its seller. Eventora Ltd acts as their agent.");
  });
});
