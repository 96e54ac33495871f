import { configure, render, type RenderResult } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, Outlet } from "react-router";
import type { PlatformCompany, SessionUser } from "@domain";
import { DEFAULT_COMPANY } from "./default-company";

// A loaded 2-core machine can take more than Testing Library's default second to render a route; the
// find* queries still return as soon as the page is there.
configure({ asyncUtilTimeout: 10_000 });

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

export interface RenderRouteOptions {
  /** The route under test: its path pattern, component, and (optionally) loader, action and error boundary. */
  route: Omit<StubRoute, "children" | "id"> & { path: string };
  /** The URL the test opens. */
  url: string;
  /** Who the root loader says is signed in (useSessionUser reads it); signed out by default. */
  user?: SessionUser | null;
  /** The header's cart count from the root loader. */
  cartCount?: number;
  /** The platform's company from the root loader (usePlatformCompany): the default configuration's unless given. */
  company?: PlatformCompany;
  /** Other routes the page may link or navigate to, e.g. `{ path: "/auth", Component: () => <h1>Sign in</h1> }`. */
  others?: StubRoute[];
}

/**
 * Renders one route module's component in a router, under a root route that answers like ours
 * (`useRouteLoaderData("root")`), so a test can read the page by role and label as a visitor would.
 */
export function renderRoute({ route, url, user = null, cartCount = 0, company = DEFAULT_COMPANY, others = [] }: RenderRouteOptions): RenderResult {
  const Stub = createRoutesStub([
    { id: "root", path: "/", loader: () => ({ user, cartCount, company }), Component: Outlet as ComponentType, HydrateFallback: () => null, children: [route, ...others] },
  ]);
  return render(<Stub initialEntries={[url]} />);
}
