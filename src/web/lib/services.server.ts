// Server-only: route loaders call the server's services directly (never bundled for the browser).
export { getCategoryCounts, getEvent, getHomeData, getSimilarEvents, listEvents } from "../../server/features/events/events.service";
export { getPublicProfile } from "../../server/features/profiles/profiles.service";
export { getSiteStats } from "../../server/features/stats/stats.service";
