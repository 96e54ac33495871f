import { index, route } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../src/web/routes";
import { BUDGETS } from "./budgets";
import { PAGE_SPECS, routePatterns, UNMEASURED_ROUTES, unmeasuredRoutes } from "./measured-app";

describe("the pages `npm run budgets` measures", () => {
  it("measures every route of src/web/routes.ts, or says why not", () => {
    expect(unmeasuredRoutes(routes)).toEqual([]);
  });

  it("names a route no page measures, nested ones included", () => {
    const config = [index("routes/home.tsx"), route("dashboard", "routes/dashboard.tsx", [index("routes/dashboard._index.tsx"), route("refunds", "routes/dashboard.refunds.tsx")]), route("*", "routes/not-found.tsx")];
    expect(routePatterns(config)).toEqual(["", "dashboard", "dashboard/refunds", "*"]);
    expect(unmeasuredRoutes(config, [{ route: "" }, { route: "dashboard" }, { route: "*" }])).toEqual(["dashboard/refunds"]);
  });

  it("measures only routes that exist, each page once, each with a budget", () => {
    const patterns = routePatterns(routes);
    for (const page of PAGE_SPECS) expect(patterns, page.name).toContain(page.route);
    for (const pattern of Object.keys(UNMEASURED_ROUTES)) expect(patterns).toContain(pattern);
    const names = PAGE_SPECS.map((page) => page.name);
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(BUDGETS).sort()).toEqual([...names].sort());
  });
});
