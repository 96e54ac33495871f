import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

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
// waits for React to walk the whole document.
requestAnimationFrame(() => setTimeout(hydrate, 0));
