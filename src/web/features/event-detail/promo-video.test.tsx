// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PromoVideo } from "./promo-video";

afterEach(cleanup);

describe("the promo video (issue 34: no third-party frame before a click)", () => {
  it("shows a YouTube video as a button, and loads the youtube-nocookie.com frame only when it is pressed", () => {
    const { container } = render(<PromoVideo url="https://www.youtube.com/watch?v=aqz-KE-bpKQ" eventTitle="Northern Soul All-Nighter" poster="/images/soul.webp" />);
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play video (loads YouTube)" }));
    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1");
    expect(frame?.getAttribute("title")).toBe("Northern Soul All-Nighter promo video");
    expect(screen.queryByRole("button", { name: /Play video/ })).toBeNull();
  });

  it("asks the same before a Vimeo video, whose player is told not to track", () => {
    const { container } = render(<PromoVideo url="https://vimeo.com/76979871" eventTitle="Harbour Lights" />);
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play video (loads Vimeo)" }));
    expect(container.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?autoplay=1&dnt=1");
  });
});
