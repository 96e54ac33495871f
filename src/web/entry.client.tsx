import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { cn } from "~/lib/cn";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// Let the server-rendered page paint first, then hydrate: on a slow phone the first frame no longer
// waits for React to walk the whole document. tailwind-merge builds its class map on first use (about
// 12 ms on a fast desktop, four times that on a phone): in a task of its own it no longer lengthens the
// hydration slice of the first component that merges classes.
requestAnimationFrame(() =>
  setTimeout(() => {
    cn("p-0", "p-1");
    setTimeout(hydrate, 0);
  }, 0),
);
