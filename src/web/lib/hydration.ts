/**
 * When a page's scripts start (decision 039). Most pages hydrate right after their first paint (decision 012).
 * A page whose route exports this `handle` ships without them: it is drawn on the server, its links and forms
 * work as they are, and React, React DOM and React Router (about 135 kB with the shell) load only when the
 * visitor reaches for something that needs them: a button, a field, a key, or a section only scripts draw
 * (marked `data-hydrate-near`) coming near the screen. The public pages a visit lands on use it.
 */
export const HYDRATE_ON_INTERACTION = { hydration: "on-interaction" } as const;

/** Marks an element only scripts fill (a rail drawn near the viewport): scrolling near it starts the scripts. */
export const HYDRATE_NEAR = { "data-hydrate-near": "" } as const;

/** Whether the deepest matched route (the page itself) waits for the visitor; layouts do not decide it. */
export function hydratesOnInteraction(handles: readonly unknown[]): boolean {
  const page = handles.at(-1);
  return typeof page === "object" && page !== null && (page as { hydration?: unknown }).hydration === HYDRATE_ON_INTERACTION.hydration;
}
