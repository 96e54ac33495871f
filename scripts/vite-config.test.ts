import { fileURLToPath } from "node:url";
import { createLogger, loadConfigFromFile } from "vite";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("vite.config.ts", () => {
  it("loads without a warning (every `npm start` that builds, and `npm run build`, prints them; issue 17)", async () => {
    const warnings: string[] = [];
    const logger = createLogger("warn");
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const loaded = await loadConfigFromFile({ command: "build", mode: "production" }, "vite.config.ts", root, "warn", logger);
    expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });
});
