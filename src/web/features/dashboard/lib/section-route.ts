import { seoMeta } from "~/lib/seo";

/** Every dashboard section's headers: the organiser's sales and attendees are never kept by a shared cache. */
export const sectionHeaders = () => ({ "Cache-Control": "private, no-store" });

/** Every dashboard section's meta: one title, and never indexed. */
export const sectionMeta = () => [
  ...seoMeta({ title: "Dashboard", description: "Your events, sales, bookings and attendees in one place." }),
  { name: "robots", content: "noindex" },
];
