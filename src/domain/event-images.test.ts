import { describe, expect, it } from "vitest";
import { responsiveImage } from "./event-images";

describe("responsiveImage", () => {
  it("offers all three widths of images this site stores, on disk or in object storage", () => {
    expect(responsiveImage("/media/seed/gig-1200.webp")).toEqual({
      src: "/media/seed/gig-1200.webp",
      smallSrc: "/media/seed/gig-600.webp",
      srcSet: "/media/seed/gig-600.webp 600w, /media/seed/gig-800.webp 800w, /media/seed/gig-1200.webp 1200w",
    });
    const stored = "https://cdn.example.com/events/5f367b5d-8dad-415a-ab54-ece1d45700d7/0123456789abcdef-1200.webp";
    expect(responsiveImage(stored)?.srcSet).toBe(
      `${stored.replace("-1200", "-600")} 600w, ${stored.replace("-1200", "-800")} 800w, ${stored} 1200w`,
    );
  });

  it("offers the 600 px variant of images stored before the 800 px width existed", () => {
    expect(responsiveImage("/media/seed/gig.webp")).toEqual({
      src: "/media/seed/gig.webp",
      smallSrc: "/media/seed/gig-600.webp",
      srcSet: "/media/seed/gig-600.webp 600w, /media/seed/gig.webp 1200w",
    });
    const stored = "https://cdn.example.com/events/5f367b5d-8dad-415a-ab54-ece1d45700d7/0123456789abcdef.webp";
    expect(responsiveImage(stored)?.smallSrc).toBe(stored.replace(".webp", "-600.webp"));
  });

  it("uses any other address as it is", () => {
    expect(responsiveImage("https://images.example.com/poster.jpg")).toEqual({
      src: "https://images.example.com/poster.jpg",
      smallSrc: "https://images.example.com/poster.jpg",
    });
    expect(responsiveImage("https://images.example.com/poster-1200.webp")?.srcSet).toBeUndefined();
    expect(responsiveImage(null)).toBeNull();
  });
});
