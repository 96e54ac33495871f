import { data, redirect } from "react-router";
import { AppError } from "@domain";
import { EventsError, EventsPage } from "~/features/events/events-page";
import { categoryOptionLabel, eventsSearchString, parseEventsSearch } from "~/features/events/list-query";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/events";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const state = parseEventsSearch(url.searchParams);
  const { listEvents } = await import("~/lib/services.server");
  let result;
  try {
    result = await listEvents({ db, query: state });
  } catch (error) {
    // A coded service error carries a message meant for users; anything else stays on the server.
    if (error instanceof AppError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  const lastPage = Math.max(1, Math.ceil(result.total / state.pageSize));
  if (state.page > lastPage) throw redirect(`${paths.events()}${eventsSearchString({ ...state, page: lastPage })}`);
  // The cards show no description: leaving it out of the loader data keeps it out of the page's
  // hydration script (the API still answers with it).
  const shown = { ...result, events: result.events.map((event) => ({ ...event, description: null })) };
  return { state, result: shown, url: `${config.publicUrl}${paths.events()}${eventsSearchString(state)}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const category = loaderData?.state.category;
  const title = category ? `${categoryOptionLabel(category)} Events` : "All Events";
  const description = category
    ? `Browse upcoming ${categoryOptionLabel(category).toLowerCase()} events across the UK and book tickets in seconds.`
    : "Browse upcoming events across the UK: search by name or location, filter by category and price, and book tickets in seconds.";
  const tags = seoMeta({ title, description, url: loaderData?.url });
  return loaderData ? [...tags, { tagName: "link", rel: "canonical", href: loaderData.url }] : tags;
};

export default function EventsRoute({ loaderData }: Route.ComponentProps) {
  return <EventsPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <EventsError />;
}
