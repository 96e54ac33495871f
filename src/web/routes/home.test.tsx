// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import HomeRoute from "./home";

afterEach(cleanup);

const jazz = anEvent();
const brunch = anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch", category: "food" });

function openHome({ emailConfirmed = false, featured = [jazz, brunch] } = {}) {
  renderRoute({
    url: "/",
    route: {
      path: "/",
      index: true,
      loader: () => ({
        featured,
        youMayAlsoLike: featured,
        similar: [
          { category: "music", title: "Music", events: [jazz] },
          { category: "sports", title: "Sports", events: [] },
        ],
        emailConfirmed,
        figures: [{ kind: "count", value: "120", label: "Events listed" }],
        url: "http://localhost/",
      }),
      Component: HomeRoute as never,
    } as never,
  });
}

test("the home page leads with the hero and shows the categories, featured events, You May Also Like and Similar Events", async () => {
  openHome();
  expect(await screen.findByRole("heading", { level: 1, name: /Discover events worth leaving the house for/ })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "What are you in the mood for?" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Featured Events" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "You May Also Like" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "Similar Events" })).toBeTruthy();
  expect(screen.getAllByRole("link", { name: /Jazz Night/ }).length).toBeGreaterThan(0);
  expect(screen.getByText("Events listed")).toBeTruthy();
  expect(screen.queryByText("Email confirmed.")).toBeNull();
});

test("arriving from a confirmation link, a signed-in visitor is told the address is confirmed", async () => {
  openHome({ emailConfirmed: true });
  expect(await screen.findByText("Email confirmed.")).toBeTruthy();
});

test("with nothing listed, You May Also Like says so and Similar Events is left out", async () => {
  renderRoute({
    url: "/",
    route: {
      path: "/",
      index: true,
      loader: () => ({ featured: [], youMayAlsoLike: [], similar: [{ category: "music", title: "Music", events: [] }], emailConfirmed: false, figures: [], url: "http://localhost/" }),
      Component: HomeRoute as never,
    } as never,
  });
  expect(await screen.findByText("No events available at the moment. Check back soon!")).toBeTruthy();
  expect(screen.queryByRole("heading", { level: 2, name: "Similar Events" })).toBeNull();
});
