// @vitest-environment happy-dom
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, it } from "vitest";
import { hydratesOnInteraction, HYDRATE_ON_INTERACTION } from "./hydration";
import { scriptsAfterFirstPaint } from "./scripts-after-paint.server";

const MODULE_SOURCE = 'import "/assets/entry.client.js";';
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/react.js" nonce="n"/></head><body>' +
  `<script nonce="n" type="module" async="">${MODULE_SOURCE}</script></body></html>`;

/** The inline loader scriptsAfterFirstPaint("on-interaction") puts in place of React Router's module script. */
async function onInteractionLoader(): Promise<string> {
  const out = await text(Readable.from([Buffer.from(PAGE)]).pipe(scriptsAfterFirstPaint("on-interaction")));
  return /<script nonce="n">([\s\S]*?)<\/script>/.exec(out)![1]!;
}

/** Elements the loader has added: the preloads and the module script. */
const added = () => [...document.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map((element) => element.getAttribute("href") ?? "module script");

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

let near: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
let observed: Element[] = [];

/** Draws the page's body and runs the loader in it, as the browser does at the end of the body. */
async function load(body: string) {
  document.head.innerHTML = "";
  document.body.innerHTML = body;
  delete document.documentElement.dataset.hydrated;
  observed = [];
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(callback: typeof near) {
      near = callback;
    }
    observe(element: Element) {
      observed.push(element);
    }
    disconnect() {
      observed = [];
    }
  };
  Object.defineProperty(document, "currentScript", { value: { nonce: "n" }, configurable: true });
  new Function(await onInteractionLoader())();
  await tick();
}

async function hydrate() {
  document.documentElement.dataset.hydrated = "true";
  // MutationObserver callbacks run as a microtask: a timer later, the loader has seen it.
  await tick();
}

// Hydrated, a test's loader lets go of the document, so the next test's loader is the only one listening.
afterEach(async () => {
  await hydrate();
  document.body.innerHTML = "";
});

describe("a page whose scripts wait for the visitor (decision 039)", () => {
  it("loads nothing on arrival, nor for a press on a link or on text", async () => {
    await load('<p id="text">Words</p><a id="link" href="/events">Events</a>');
    document.getElementById("text")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    document.getElementById("link")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await tick();
    expect(added()).toEqual([]);
  });

  it("loads the preloads, then the module script, at a press on a control", async () => {
    await load('<button id="menu" type="button"><svg id="icon"></svg></button>');
    document.getElementById("icon")!.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    await expect.poll(added).toEqual(["/assets/react.js", "module script"]);
  });

  it("loads them at any key, and at focus in a field", async () => {
    await load("<p>Words</p>");
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab", bubbles: true }));
    await expect.poll(added).toEqual(["/assets/react.js", "module script"]);

    await load('<input id="email" name="email">');
    document.getElementById("email")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await expect.poll(added).toEqual(["/assets/react.js", "module script"]);
  });

  it("loads them when content only scripts draw comes near the screen", async () => {
    await load('<ul id="rail" data-hydrate-near></ul>');
    expect(observed.map((element) => element.id)).toEqual(["rail"]);
    near!([{ isIntersecting: false }]);
    await tick();
    expect(added()).toEqual([]);
    near!([{ isIntersecting: true }]);
    await expect.poll(added).toEqual(["/assets/react.js", "module script"]);
  });

  it("clicks a button with no action of its own again once hydrated, so the first tap is not lost", async () => {
    await load('<button id="add" type="button">Add to Cart</button>');
    const clicks: string[] = [];
    document.getElementById("add")!.addEventListener("click", () => clicks.push("add"));
    document.getElementById("add")!.click();
    await tick();
    expect(clicks).toEqual(["add"]);
    await hydrate();
    expect(clicks).toEqual(["add", "add"]);

  });

  it("counts a button outside any form as having no action of its own (its type is submit by default)", async () => {
    await load('<button id="menu">Open menu</button>');
    const menuClicks: string[] = [];
    document.getElementById("menu")!.addEventListener("click", () => menuClicks.push("menu"));
    document.getElementById("menu")!.click();
    await hydrate();
    expect(menuClicks).toEqual(["menu", "menu"]);
  });

  it("does not click again a form's submit button (the form posts without scripts), nor anything after hydration", async () => {
    await load('<form method="post" id="form"><button id="send">Send</button></form><button id="add" type="button">Add</button>');
    document.getElementById("form")!.addEventListener("submit", (event) => event.preventDefault());
    const clicks: string[] = [];
    for (const id of ["send", "add"]) document.getElementById(id)!.addEventListener("click", () => clicks.push(id));
    document.getElementById("send")!.click();
    await hydrate();
    expect(clicks).toEqual(["send"]);
    document.getElementById("add")!.click();
    await tick();
    expect(clicks).toEqual(["send", "add"]);
  });
});

describe("hydratesOnInteraction", () => {
  it("follows the page's own route, not its layouts", () => {
    expect(hydratesOnInteraction([undefined, HYDRATE_ON_INTERACTION])).toBe(true);
    expect(hydratesOnInteraction([HYDRATE_ON_INTERACTION, undefined])).toBe(false);
    expect(hydratesOnInteraction([undefined, { hydration: "after-paint" }])).toBe(false);
    expect(hydratesOnInteraction([])).toBe(false);
  });
});
