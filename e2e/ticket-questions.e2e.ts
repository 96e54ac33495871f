import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendeeList, EditableEvent } from "../src/domain";
import { DEMO_ORGANISER, expectAccessible, expectNoErrors, launchBrowser, openPage, signedInState, signIn, toast, waitForHydration } from "./fixtures";
import { createConfirmedAccount } from "./mail";

const localInDays = (days: number, time: string) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

/** Organiser questions (issue 36): asked in the event form, answered per ticket at checkout, read in the attendee list. */
describe("questions for each ticket", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("an organiser asks two questions; a buyer of two tickets answers each, refused until a required one is answered", async () => {
    const organiser = await openPage(browser, { storageState: await signedInState(browser, DEMO_ORGANISER) });
    const form = organiser.page;
    await form.goto("/create-event");
    await waitForHydration(form);
    const title = `Harbour Supper Club ${Date.now().toString(36)}`;
    await form.getByLabel("Event Title").fill(title);
    await form.getByLabel("Event Type").selectOption("music");
    await form.getByLabel("Start Date & Time").fill(localInDays(30, "19:00"));
    await form.getByLabel("Venue").fill("The Harbour Kitchen");
    await form.getByLabel("Location").fill("Bristol");
    await form.getByLabel("Price (£)").fill("20");

    await form.getByRole("button", { name: "Add a question" }).click();
    const first = form.getByRole("group", { name: "Question 1", exact: true });
    await first.getByRole("textbox", { name: "Question" }).fill("Dietary needs");
    await first.getByLabel("Answered with").selectOption("choice");
    await first.getByLabel("Options, one per line").fill("None\nVegetarian\nVegan");
    await first.getByRole("checkbox", { name: "Must be answered" }).check();
    await form.getByRole("button", { name: "Add a question" }).click();
    const second = form.getByRole("group", { name: "Question 2", exact: true });
    await second.getByRole("textbox", { name: "Question" }).fill("Happy to be photographed");
    await second.getByLabel("Answered with").selectOption("checkbox");
    await expectAccessible(form);

    const saved = form.waitForResponse((response) => response.url().endsWith("/api/events") && response.request().method() === "POST");
    await form.getByRole("button", { name: "Create Event" }).click();
    const event = (await (await saved).json()) as EditableEvent;
    await toast(form, "Event created successfully!").waitFor();
    expect(event.questions.map((question) => [question.label, question.kind, question.options, question.required])).toEqual([
      ["Dietary needs", "choice", ["None", "Vegetarian", "Vegan"], true],
      ["Happy to be photographed", "checkbox", [], false],
    ]);
    expectNoErrors(organiser);

    const account = await createConfirmedAccount("questions-buyer");
    const tracked = await openPage(browser);
    const { page } = tracked;
    await signIn(page, account);
    await page.goto(`/events/${event.id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "One ticket more" }).click();
    await page.getByLabel("Name on the ticket").fill("Ada Lovelace");
    const mine = page.getByRole("group", { name: "Ticket 1 (yours)" });
    const theirs = page.getByRole("group", { name: "Ticket 2" });
    await mine.getByLabel("Dietary needs").selectOption("Vegan");
    await mine.getByRole("checkbox", { name: "Happy to be photographed (optional)" }).check();
    await theirs.getByRole("checkbox", { name: "Same as mine" }).uncheck();
    await theirs.getByRole("textbox", { name: "Name on ticket 2" }).fill("Grace Hopper");
    // Ticket 2's required answer is missing: said beside it, focused, and no checkout starts.
    await page.getByRole("button", { name: "Buy Now" }).click();
    await theirs.getByText("Choose an answer to “Dietary needs”").waitFor();
    const theirDiet = theirs.getByLabel("Dietary needs");
    expect(await theirDiet.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => theirDiet.evaluate((select) => select === document.activeElement)).toBe(true);
    await theirDiet.selectOption("None");
    await expectAccessible(page);

    const popup = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Buy Now" }).click();
    const checkout = await popup;
    await checkout.waitForURL((url) => url.pathname.startsWith("/checkout/test/cs_test_"));
    await waitForHydration(checkout);
    await checkout.getByRole("button", { name: "Pay £44.60" }).click();
    await checkout.waitForURL((url) => url.pathname === "/payment-success");
    expectNoErrors(tracked);
    await tracked.context.close();

    // The organiser reads each ticket's answers in the attendee list.
    const listed = await organiser.context.request.get(`/api/events/${event.id}/attendees`);
    const attendees = ((await listed.json()) as AttendeeList).attendees;
    expect(attendees.map((attendee) => [attendee.name, attendee.answers.map((given) => `${given.question}: ${String(given.answer)}`)])).toEqual([
      ["Ada Lovelace", ["Dietary needs: Vegan", "Happy to be photographed: true"]],
      ["Grace Hopper", ["Dietary needs: None", "Happy to be photographed: false"]],
    ]);
    await form.goto(`/dashboard/attendees?event=${event.id}`);
    await waitForHydration(form);
    await form.getByRole("rowheader", { name: /Grace Hopper/ }).getByText("None").waitFor();
    await form.getByRole("rowheader", { name: /Ada Lovelace/ }).getByText("Vegan").waitFor();
    await expectAccessible(form);
    expectNoErrors(organiser);
    await organiser.context.close();
  });
});
