// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { SessionUser } from "@domain";
import { cartItemFor, type CartItem } from "~/features/cart/cart-lines";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import CartRoute from "./cart";

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", checkoutName: "Ada Lovelace" } as unknown as SessionUser;

test("an empty cart says so and links to the events", async () => {
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items: [] }), Component: CartRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Shopping Cart" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Your cart is empty" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Proceed to Checkout/ })).toBeNull();
});

test("a cart with tickets lists each event with its quantity, the order summary and, signed in, the name on the ticket", async () => {
  const items = [cartItemFor(anEvent(), 2), cartItemFor(anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" }), 1)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items }), Component: CartRoute as never } });
  expect(await screen.findByText("3 tickets for 2 events")).toBeTruthy();
  const list = screen.getByRole("list", { name: "Cart items" });
  expect(list.textContent).toContain("Jazz Night");
  expect(list.textContent).toContain("Blues Brunch");
  expect(screen.getByRole("heading", { name: "Order Summary" })).toBeTruthy();
  expect((screen.getByRole("textbox", { name: /Name on the ticket/ }) as HTMLInputElement).value).toBe("Ada Lovelace");
  expect(screen.getByRole("button", { name: /Proceed to Checkout/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /Clear cart/ })).toBeTruthy();
});

test("the cart names who sells each event, with their address and Eventora as their agent, before checkout (issue 34)", async () => {
  const blues = anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Blues Brunch" });
  const items = [cartItemFor(anEvent(), 2), cartItemFor(blues, 1)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  const sellers = { [items[0]!.eventId]: anEvent().seller!, [blues.id]: anEvent().seller! };
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items, sellers }), Component: CartRoute as never } });
  const section = await screen.findByRole("region", { name: "Who sells your tickets" });
  const lines = within(section).getAllByRole("listitem");
  expect(lines.map((line) => line.textContent)).toEqual(["Jazz Night, Blues Brunch: Sold by Jazz Co Ltd, 47 Frith Street, London, W1D 4HT. Eventora Ltd acts as their agent."]);
  expect(within(section).getByText(/14-day right to cancel .* does not apply/)).toBeTruthy();
  expect(within(section).getByRole("link", { name: "Refund Policy" })).toBeTruthy();
});

test("a line per ticket type: each named with its all-in price, limited by its type, and sent to checkout with its type (issue 36)", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ url: null }), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const base = anEvent().ticketTypes[0]!;
  const standard = { ...base, id: "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", name: "Standard", pricePence: 1500, allInPricePence: 1730, remaining: null };
  const vip = { ...base, id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819", name: "VIP", pricePence: 4000, allInPricePence: 4230, remaining: 12, maxPerOrder: 1 };
  const harbour = anEvent({ title: "Harbour Night", ticketTypes: [standard, vip] });
  const items = [cartItemFor(harbour, 2, standard.id), cartItemFor(harbour, 1, vip.id)];
  window.localStorage.setItem("cart", JSON.stringify(items));
  renderRoute({ url: "/cart", user, route: { path: "/cart", loader: () => ({ items, catalogue: { [harbour.id]: harbour.ticketTypes } }), Component: CartRoute as never } });
  expect(await screen.findByText("3 tickets for 1 event")).toBeTruthy();
  const lines = within(screen.getByRole("list", { name: "Cart items" })).getAllByRole("listitem").filter((line) => line.parentElement?.getAttribute("aria-label") === "Cart items");
  expect(lines).toHaveLength(2);
  expect(lines[0]!.textContent).toContain("Standard");
  expect(lines[0]!.textContent).toContain("£17.30 per ticket");
  expect(lines[0]!.textContent).toContain("£34.60");
  expect(lines[1]!.textContent).toContain("VIP");
  expect(lines[1]!.textContent).toContain("£42.30 per ticket");
  // VIP sells at most one to an order; Standard may have more.
  expect((within(lines[1]!).getByRole("button", { name: "One ticket more for Harbour Night: VIP" }) as HTMLButtonElement).disabled).toBe(true);
  expect((within(lines[0]!).getByRole("button", { name: "One ticket more for Harbour Night: Standard" }) as HTMLButtonElement).disabled).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
  await waitFor(() => expect(fetch).toHaveBeenCalled());
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(path).toBe("/api/functions/create-payment");
  expect(JSON.parse(String(init.body)).items).toEqual([
    { eventId: harbour.id, ticketTypeId: standard.id, ticketQuantity: 2 },
    { eventId: harbour.id, ticketTypeId: vip.id, ticketQuantity: 1 },
  ]);
});

test("a line saved before ticket types reads as its event's one type", async () => {
  const old = { ...cartItemFor(anEvent(), 2), ticketTypeId: undefined, ticketTypeName: undefined };
  window.localStorage.setItem("cart", JSON.stringify([old]));
  renderRoute({ url: "/cart", route: { path: "/cart", loader: () => ({ items: [old], catalogue: { [old.eventId]: anEvent().ticketTypes } }), Component: CartRoute as never } });
  const list = await screen.findByRole("list", { name: "Cart items" });
  expect(list.textContent).toContain("Jazz Night");
  expect(list.textContent).not.toContain("General Admission");
  expect(screen.getByText("2 tickets for 1 event")).toBeTruthy();
});

describe("who each ticket is for (issue 36)", () => {
  const base = anEvent().ticketTypes[0]!;
  const standard = { ...base, id: "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", name: "Standard", pricePence: 1500, allInPricePence: 1730 };
  const supper = { ...base, id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819", name: "Supper", pricePence: 4000, allInPricePence: 4230 };
  const diet = { id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", label: "Dietary needs", kind: "choice" as const, options: ["None", "Vegetarian", "Vegan"], required: true, ticketTypeIds: [supper.id] };
  const jazz = anEvent();
  const harbour = anEvent({ id: "7a1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e", title: "Harbour Night", ticketTypes: [standard, supper], questions: [diet] });

  function renderCart(items: CartItem[]) {
    window.localStorage.setItem("cart", JSON.stringify(items));
    const loader = () => ({ items, catalogue: { [jazz.id]: jazz.ticketTypes, [harbour.id]: harbour.ticketTypes }, questions: { [harbour.id]: [diet] } });
    renderRoute({ url: "/cart", user, route: { path: "/cart", loader, Component: CartRoute as never } });
  }
  const lineOf = (title: string) => screen.getAllByRole("listitem").find((item) => item.parentElement?.getAttribute("aria-label") === "Cart items" && item.textContent.includes(title))!;

  test("a line asking a question shows its tickets open, the others behind 'Name each ticket'; an empty answer is refused beside it with focus; only lines that need it send attendees", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ url: null }), { status: 200, headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    renderCart([cartItemFor(jazz, 2), cartItemFor(harbour, 2, supper.id), cartItemFor(harbour, 1, standard.id)]);
    await screen.findByText("5 tickets for 2 events");

    // The first line's ticket 1 is the buyer's (the name field); nothing is asked there, so its tickets wait behind a button.
    const jazzLine = lineOf("Jazz Night");
    expect(within(jazzLine).getByText("Both tickets are in your name.")).toBeTruthy();
    expect(within(jazzLine).queryByRole("group", { name: /^Attendees/ })).toBeNull();
    // The Supper line is asked about every ticket: open, each ticket "Same as mine" until named.
    const supperLine = lineOf("Harbour Night: Supper");
    const supperTickets = within(supperLine).getByRole("group", { name: "Attendees for Harbour Night: Supper" });
    const first = within(supperTickets).getByRole("group", { name: "Ticket 1" });
    expect((within(first).getByRole("checkbox", { name: "Same as mine" }) as HTMLInputElement).checked).toBe(true);
    expect((within(first).getByRole("textbox", { name: "Name on ticket 1" }) as HTMLInputElement).value).toBe("Ada Lovelace");
    // Standard is asked nothing.
    expect(within(lineOf("Harbour Night: Standard")).getByRole("button", { name: "Name each ticket for Harbour Night: Standard" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    const diet1 = within(first).getByRole("combobox", { name: "Dietary needs" });
    expect(within(first).getByText("Choose an answer to “Dietary needs”")).toBeTruthy();
    expect(diet1.getAttribute("aria-invalid")).toBe("true");
    expect(diet1.getAttribute("aria-describedby")).toContain(within(first).getByText("Choose an answer to “Dietary needs”").id);
    expect(document.activeElement).toBe(diet1);
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(diet1, { target: { value: "Vegan" } });
    expect(within(first).queryByText("Choose an answer to “Dietary needs”")).toBeNull();
    fireEvent.change(within(within(supperTickets).getByRole("group", { name: "Ticket 2" })).getByRole("combobox", { name: "Dietary needs" }), { target: { value: "None" } });
    // Naming the Jazz Night's second ticket: the button gives way to the fields, and focus moves to them.
    fireEvent.click(within(jazzLine).getByRole("button", { name: "Name each ticket for Jazz Night" }));
    const jazzSecond = within(jazzLine).getByRole("group", { name: "Ticket 2" });
    expect(within(jazzLine).getByText("Ticket 1 is yours: it carries your name.")).toBeTruthy();
    expect(within(jazzLine).queryByRole("group", { name: "Ticket 1" })).toBeNull();
    const same = within(jazzSecond).getByRole("checkbox", { name: "Same as mine" });
    expect(document.activeElement).toBe(same);
    fireEvent.click(same);
    fireEvent.change(within(jazzSecond).getByRole("textbox", { name: "Name on ticket 2" }), { target: { value: " Grace Hopper " } });

    fireEvent.click(screen.getByRole("button", { name: /Proceed to Checkout/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const body = JSON.parse(String(init.body));
    expect(body.attendeeName).toBe("Ada Lovelace");
    expect(body.items).toEqual([
      { eventId: jazz.id, ticketTypeId: base.id, ticketQuantity: 2, attendees: [{ name: "Ada Lovelace" }, { name: "Grace Hopper" }] },
      { eventId: harbour.id, ticketTypeId: supper.id, ticketQuantity: 2, attendees: [{ name: "Ada Lovelace", answers: { [diet.id]: "Vegan" } }, { name: "Ada Lovelace", answers: { [diet.id]: "None" } }] },
      // Every ticket in the buyer's name and nothing asked: the line names no attendees, as the Buy Now's.
      { eventId: harbour.id, ticketTypeId: standard.id, ticketQuantity: 1 },
    ]);
  });

  test("what is typed for a line stays when its quantity goes down and up, and when another line is removed", async () => {
    renderCart([cartItemFor(jazz, 1), cartItemFor(harbour, 2, supper.id)]);
    await screen.findByText("3 tickets for 2 events");
    // One ticket, the buyer's, with nothing asked: nothing to name.
    expect(within(lineOf("Jazz Night")).queryByRole("button", { name: /Name each ticket/ })).toBeNull();
    const second = () => within(lineOf("Harbour Night: Supper")).getByRole("group", { name: "Ticket 2" });
    fireEvent.click(within(second()).getByRole("checkbox", { name: "Same as mine" }));
    fireEvent.change(within(second()).getByRole("textbox", { name: "Name on ticket 2" }), { target: { value: "Grace Hopper" } });
    fireEvent.change(within(second()).getByRole("combobox", { name: "Dietary needs" }), { target: { value: "Vegetarian" } });

    fireEvent.click(screen.getByRole("button", { name: "One ticket fewer for Harbour Night: Supper" }));
    await waitFor(() => expect(within(lineOf("Harbour Night: Supper")).queryByRole("group", { name: "Ticket 2" })).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "One ticket more for Harbour Night: Supper" }));
    await waitFor(() => expect((within(second()).getByRole("textbox", { name: "Name on ticket 2" }) as HTMLInputElement).value).toBe("Grace Hopper"));
    expect((within(second()).getByRole("combobox", { name: "Dietary needs" }) as HTMLSelectElement).value).toBe("Vegetarian");

    // The Jazz Night goes: the Supper line is now first, its ticket 1 the buyer's, and Grace's ticket as she was.
    fireEvent.click(screen.getByRole("button", { name: "Remove Jazz Night from cart" }));
    await screen.findByText("2 tickets for 1 event");
    expect(within(lineOf("Harbour Night: Supper")).getByRole("group", { name: "Ticket 1 (yours)" })).toBeTruthy();
    expect((within(second()).getByRole("textbox", { name: "Name on ticket 2" }) as HTMLInputElement).value).toBe("Grace Hopper");
    expect((within(second()).getByRole("combobox", { name: "Dietary needs" }) as HTMLSelectElement).value).toBe("Vegetarian");
  });

  test("a line's ticket 1 named for someone else stays theirs when the line becomes the first", async () => {
    renderCart([cartItemFor(jazz, 1), cartItemFor(harbour, 1, supper.id)]);
    await screen.findByText("2 tickets for 2 events");
    const ticket = () => within(lineOf("Harbour Night: Supper")).getByRole("group", { name: "Ticket 1" });
    fireEvent.click(within(ticket()).getByRole("checkbox", { name: "Same as mine" }));
    fireEvent.change(within(ticket()).getByRole("textbox", { name: "Name on ticket 1" }), { target: { value: "Grace Hopper" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove Jazz Night from cart" }));
    await screen.findByText("1 ticket for 1 event");
    expect((within(ticket()).getByRole("textbox", { name: "Name on ticket 1" }) as HTMLInputElement).value).toBe("Grace Hopper");
  });
});
