import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import * as ours from "./dashboard-icons";

test("the dashboard's own copies of lucide icons draw exactly what lucide-react's do", () => {
  const names = Object.keys(ours) as (keyof typeof ours)[];
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const Ours = ours[name];
    const Lucide = lucide[name];
    expect(renderToStaticMarkup(<Ours className="size-4" aria-hidden="true" />), name).toBe(renderToStaticMarkup(<Lucide className="size-4" aria-hidden="true" />));
  }
});
