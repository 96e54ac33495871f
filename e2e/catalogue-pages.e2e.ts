import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryLabel, LIST_SIZES, type CategoryCount, type EventListResult, type PublicProfile } from "@domain";
import { baseUrl, expectAccessible, expectNoErrors, launchBrowser, openPage, VIEWPORTS, waitForHydration } from "./fixtures";

/** The browser reports the page's own 404 status as a console error; that one is expected here. */
const DOCUMENT_404 = /Failed to load resource: the server responded with a status of 404/;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Organisers with a public profile, most listed events first. */
async function organisers(): Promise<PublicProfile[]> {
  const { events } = await api<EventListResult>("/events?pageSize=50");
  const usernames = [...new Set(events.map((e) => e.organiser?.username).filter((u): u is string => !!u))];
  const profiles = await Promise.all(usernames.map((username) => api<PublicProfile>(`/profiles/${username}`)));
  return profiles.sort((a, b) => b.activeEventCount - a.activeEventCount);
}

describe("categories page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("lists every category with its count, linking to the filtered events list", async () => {
    const { categories } = await api<{ categories: CategoryCount[] }>("/categories");
    expect(categories.length).toBeGreaterThan(3);

    const tracked = await openPage(browser);
    const { page } = tracked;
    const response = await page.goto("/categories");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);

    const main = page.getByRole("main");
    const categoryCard = (category: string) =>
      main.getByRole("listitem").filter({ has: page.getByRole("link", { name: categoryLabel(category), exact: true }) });
    for (const { category, count } of categories) {
      const link = main.getByRole("link", { name: categoryLabel(category), exact: true });
      await expect(link.getAttribute("href")).resolves.toBe(`/events?category=${encodeURIComponent(category)}`);
      const card = categoryCard(category);
      await expect(card.getByText(`${count} ${count === 1 ? "event" : "events"}`, { exact: true }).isVisible()).resolves.toBe(true);
    }

    // Known categories carry their own description; others the generic one (spec §2 Categories page).
    const music = categoryCard("music");
    await expect(music.getByText("Various events and activities").count()).resolves.toBe(0);
    const unknown = categories.find((c) => !["music", "technology", "business", "sports", "food", "arts", "education", "entertainment", "health", "travel", "photography"].includes(c.category));
    if (unknown) {
      const card = categoryCard(unknown.category);
      await expect(card.getByText("Various events and activities").isVisible()).resolves.toBe(true);
    }

    await expect(main.getByRole("link", { name: "Create Event" }).getAttribute("href")).resolves.toBe("/create-event");
    await expect(main.getByRole("link", { name: "Browse All Events" }).getAttribute("href")).resolves.toBe("/events");

    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectAccessible(page);

    const first = categories[0]!;
    await main.getByRole("link", { name: categoryLabel(first.category), exact: true }).click();
    await page.waitForURL(`${baseUrl()}/events?category=${encodeURIComponent(first.category)}`);
    expectNoErrors(tracked);
    await tracked.context.close();
  });
});

describe("public profile page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("shows the organiser, their website as a nofollow link and up to 6 events, soonest first", async () => {
    const [profile] = await organisers();
    if (!profile) throw new Error("The seed has no organiser with a profile");
    const tracked = await openPage(browser);
    const { page } = tracked;
    const response = await page.goto(`/profile/${profile.username}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);

    const name = profile.displayName || profile.username;
    await expect(page.getByRole("heading", { level: 1 }).allInnerTexts()).resolves.toEqual([name]);
    await expect(page.getByText(`@${profile.username}`, { exact: true }).isVisible()).resolves.toBe(true);
    if (profile.bio) await expect(page.getByText(profile.bio).isVisible()).resolves.toBe(true);
    if (profile.location) await expect(page.getByText(profile.location, { exact: true }).first().isVisible()).resolves.toBe(true);
    if (profile.website) {
      const website = page.getByRole("link", { name: new URL(profile.website).hostname.replace(/^www\./, "") });
      await expect(website.getAttribute("href")).resolves.toBe(new URL(profile.website).toString());
      await expect(website.getAttribute("rel")).resolves.toBe("nofollow noopener");
    }

    const section = page.getByRole("region", { name: `Events by ${name}` });
    const titles = await section.getByRole("article").getByRole("heading", { level: 3 }).allInnerTexts();
    expect(titles).toEqual(profile.events.map((e) => e.title));
    expect(titles.length).toBe(Math.min(profile.activeEventCount, LIST_SIZES.profileEvents));

    const viewAll = page.getByRole("link", { name: "View All Events" });
    if (profile.activeEventCount >= LIST_SIZES.profileEvents) {
      await expect(viewAll.getAttribute("href")).resolves.toBe(`/events?organiser=${profile.username}`);
    } else {
      await expect(viewAll.count()).resolves.toBe(0);
    }

    await expectAccessible(page);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it("shows an empty state and no 'View All Events' for a profile with no events", async () => {
    // The demo seed's attendee has a public profile and lists nothing.
    const attendee = await api<PublicProfile>("/profiles/tom_fletcher");
    expect(attendee.activeEventCount).toBe(0);
    const tracked = await openPage(browser, { viewport: "phone" });
    const { page } = tracked;
    await page.goto(`/profile/${attendee.username}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "No events listed" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "View All Events" }).count()).resolves.toBe(0);
    // No avatar picture: the initials (drawn by CSS, decoration only) stand in for it.
    await expect(page.getByRole("main").locator('[data-initials="TF"]').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    expectNoErrors(tracked);
    await tracked.context.close();
  });

  it.each([["an unknown username", "nobody_by_this_name"], ["an invalid username", "not a user!"]])(
    "answers 404 with 'Profile not found' for %s",
    async (_label, username) => {
      const tracked = await openPage(browser);
      const { page } = tracked;
      const response = await page.goto(`/profile/${encodeURIComponent(username)}`);
      expect(response?.status()).toBe(404);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Profile not found" }).isVisible()).resolves.toBe(true);
      await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
      await expectAccessible(page);
      expectNoErrors(tracked, [DOCUMENT_404]);
      await tracked.context.close();
    },
  );
});
