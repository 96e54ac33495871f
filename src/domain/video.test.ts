import { describe, expect, it } from "vitest";
import { parseVideoUrl } from "./video";

const YOUTUBE_EMBED = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

describe("parseVideoUrl (spec §2 Event detail, Video display)", () => {
  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "http://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
    "  https://www.youtube.com/watch?v=dQw4w9WgXcQ  ",
  ])("embeds the YouTube watch link %s without tracking cookies", (raw) => {
    expect(parseVideoUrl(raw)).toEqual({ kind: "youtube", embedUrl: YOUTUBE_EMBED });
  });

  it("embeds a youtu.be short link", () => {
    expect(parseVideoUrl("https://youtu.be/dQw4w9WgXcQ")).toEqual({ kind: "youtube", embedUrl: YOUTUBE_EMBED });
    expect(parseVideoUrl("https://youtu.be/dQw4w9WgXcQ?si=abc")).toEqual({ kind: "youtube", embedUrl: YOUTUBE_EMBED });
  });

  it.each(["https://vimeo.com/123456789", "https://www.vimeo.com/123456789", "https://player.vimeo.com/video/123456789"])(
    "embeds the Vimeo link %s",
    (raw) => {
      expect(parseVideoUrl(raw)).toEqual({ kind: "vimeo", embedUrl: "https://player.vimeo.com/video/123456789" });
    },
  );

  it.each([
    ["https://cdn.example.com/promo.mp4", "video/mp4"],
    ["https://cdn.example.com/promo.webm", "video/webm"],
    ["https://cdn.example.com/promo.ogg", "video/ogg"],
    ["https://cdn.example.com/PROMO.MP4", "video/mp4"],
  ])("plays the file %s with type %s", (raw, mimeType) => {
    expect(parseVideoUrl(raw)).toEqual({ kind: "file", src: raw, mimeType });
  });

  it("keeps a file URL's query string (e.g. a signed link)", () => {
    expect(parseVideoUrl("https://cdn.example.com/clip.mp4?token=abc")).toEqual({
      kind: "file",
      src: "https://cdn.example.com/clip.mp4?token=abc",
      mimeType: "video/mp4",
    });
  });

  it.each([
    ["not a url", "a non-URL"],
    ["", "an empty string"],
    ["javascript:alert(1)", "a javascript: URL"],
    ["javascript://youtube.com/%0aalert(1)//.mp4", "a javascript: URL dressed as a video"],
    ["data:video/mp4;base64,AAAA", "a data: URL"],
    ["ftp://files.example.com/promo.mp4", "an ftp: URL"],
    ["https://example.com/watch?v=dQw4w9WgXcQ", "another host"],
    ["https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ", "a look-alike host"],
    ["https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ", "YouTube in the path of another host"],
    ["https://www.youtube.com/watch", "YouTube without an id"],
    ["https://www.youtube.com/watch?v=", "YouTube with an empty id"],
    ["https://www.youtube.com/", "the YouTube home page"],
    ["https://youtu.be/", "a short link without an id"],
    ["https://www.youtube.com/watch?v=abc%22%3E%3Cscript%3E", "a YouTube id carrying markup"],
    ["https://vimeo.com/channels/staffpicks", "Vimeo without a video number"],
    ["https://cdn.example.com/promo.mp4.exe", "a file that is not a video"],
    ["https://cdn.example.com/promo.mov", "an unsupported video type"],
  ])("rejects %j (%s)", (raw) => {
    expect(parseVideoUrl(raw)).toEqual({ kind: "invalid" });
  });
});
