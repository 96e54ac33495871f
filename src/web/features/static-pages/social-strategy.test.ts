import { describe, expect, it } from "vitest";
import { CONTENT_CALENDAR, KPI_TARGETS, POSTS_PER_DAY, SOCIAL_PLATFORMS } from "./social-strategy";

describe("social media strategy (spec §2 Marketing strategy page)", () => {
  it("covers three networks, each with a UK posting time for each of its three daily posts and its hashtags", () => {
    expect(SOCIAL_PLATFORMS).toHaveLength(3);
    for (const platform of SOCIAL_PLATFORMS) {
      expect(platform.postingTimes).toHaveLength(POSTS_PER_DAY);
      for (const { time } of platform.postingTimes) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      const times = platform.postingTimes.map(({ time }) => time);
      expect([...times].sort()).toEqual(times);
      expect(platform.hashtags.every((tag) => /^#\w+$/.test(tag))).toBe(true);
    }
  });

  it("plans a full week at three posts a day, and sets KPI targets", () => {
    expect(POSTS_PER_DAY).toBe(3);
    expect(CONTENT_CALENDAR.map((day) => day.day)).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
    expect(CONTENT_CALENDAR.every((day) => day.posts.length === POSTS_PER_DAY)).toBe(true);
    expect(KPI_TARGETS.length).toBeGreaterThanOrEqual(4);
  });
});
