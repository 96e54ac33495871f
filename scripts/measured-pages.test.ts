import { readFileSync } from "node:fs";
import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
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

  it("lets a page's scripts wait for the visitor exactly when its budget calls it public (decision 039)", () => {
    const files = new Map<string, string>();
    const walk = (entries: readonly RouteConfigEntry[], parent = "") => {
      for (const entry of entries) {
        const path = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
        if (!files.has(path)) files.set(path, entry.file);
        walk(entry.children ?? [], path);
      }
    };
    walk(routes);
    for (const page of PAGE_SPECS) {
      const source = readFileSync(new URL(`../src/web/${files.get(page.route)}`, import.meta.url), "utf8");
      const waits = /^export const handle = HYDRATE_ON_INTERACTION;$/m.test(source);
      expect(waits, `${page.name} (${files.get(page.route)})`).toBe(BUDGETS[page.name]?.public === true);
    }
  });
});
