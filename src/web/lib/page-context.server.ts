import { createContext, type RouterContext } from "react-router";
import type { PageContext } from "../../server/page-context";

export type { PageContext };

/** The key of a request's PageContext in React Router's context (set by the server's web handler). */
export const pageContext = createContext<PageContext>();

/**
 * A loader's or action's `context`, read structurally: the generated route types and the package's
 * export name two copies of RouterContextProvider (development and production builds), which TypeScript
 * treats as different classes (decision 003).
 */
export interface RouterContextReader {
  get<T>(key: RouterContext<T>): T;
}

/** The app's services and this request's facts, for a page's loader or action. */
export function services(context: RouterContextReader): PageContext {
  return context.get(pageContext);
}
