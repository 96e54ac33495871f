import { data } from "react-router";
import { AppError } from "@domain";

/** A loader's 404: React Router renders the route's ErrorBoundary (or the root's) with status 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/** Awaits a service call; any not-found AppError (a 404 code such as EVENT_NOT_FOUND) becomes the loader's 404. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}
