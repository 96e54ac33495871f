import { toast as sonnerToast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { toast } from "./toast";

describe("toast", () => {
  it("hands each kind of toast, with its options, to sonner once sonner has loaded", async () => {
    toast.success("Link Copied");
    toast.error("Could not copy the link", { description: "https://example.test/e/1" });
    toast.info("Redirecting");
    toast.warning("Almost sold out");
    await vi.waitFor(() => expect(sonnerToast.getHistory()).toHaveLength(4));
    expect(sonnerToast.getHistory().map((shown) => ("type" in shown ? [shown.type, shown.title, shown.description] : null))).toEqual([
      ["success", "Link Copied", undefined],
      ["error", "Could not copy the link", "https://example.test/e/1"],
      ["info", "Redirecting", undefined],
      ["warning", "Almost sold out", undefined],
    ]);
  });
});
