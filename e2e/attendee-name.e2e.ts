import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, toast, waitForHydration, plainPaidEvents } from "./fixtures";
import { createConfirmedAccount } from "./mail";

describe("the attendee's name (issue 17)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("is typed at Buy Now, remembered for the next checkout, and shown on the organiser's attendee list", async () => {
    // A new account: its handle ('newbie') is never offered as the attendee's name.
    const account = await createConfirmedAccount("newbie");
    const event = (await plainPaidEvents({ organiser: DEMO_ORGANISER.username }))[0]!;
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    const name = page.getByRole("textbox", { name: "Name on the ticket" });
    expect(await name.inputValue()).toBe("");

    // Nothing typed: the field says so and takes the focus; no checkout starts.
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.getByText("Please enter the attendee's name.").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    await expectAccessible(page);

    await name.fill("Ada Lovelace");
    expect(await name.getAttribute("aria-invalid")).toBeNull();
    const popup = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/"));
    await waitForHydration(checkout);
    await checkout.getByRole("button", { name: /^Pay £/ }).click();
    await checkout.waitForURL((url) => url.pathname === "/payment-success");
    await waitForHydration(checkout);
    await checkout.getByText("Ada Lovelace").first().waitFor();
    await checkout.close();

    // Next time the cart and the event page offer the name typed last: in this visit, and from the account after a reload.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to cart").waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Cart, 1 item" }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    const cartName = page.getByRole("textbox", { name: "Name on the ticket" });
    expect(await cartName.inputValue()).toBe("Ada Lovelace");
    await page.reload();
    await waitForHydration(page);
    expect(await cartName.inputValue()).toBe("Ada Lovelace");
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    expect(await name.inputValue()).toBe("Ada Lovelace");
    expectNoErrors(tracked);
    await tracked.context.close();

    // The organiser's attendee list names Ada, with the buyer's e-mail.
    const organiser = await openPage(browser, { viewport: "phone", storageState: await signedInState(browser, DEMO_ORGANISER) });
    await organiser.page.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(organiser.page);
    const card = organiser.page.getByRole("listitem").filter({ hasText: account.email });
    await expect(card.innerText()).resolves.toContain("Ada Lovelace");
    expectNoErrors(organiser);
    await organiser.context.close();
  });
});
