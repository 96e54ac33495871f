import { useRouteLoaderData } from "react-router";
import type { PlatformCompany } from "@domain";
import type { RootLoaderData } from "./use-session-user";

/**
 * The company that runs the platform as the server is configured (COMPANY_* in src/server/config.ts), from
 * the root loader, for the pages that name it: the legal pages, /about, the seller details (issue 34).
 */
export function usePlatformCompany(): PlatformCompany {
  const company = useRouteLoaderData<RootLoaderData>("root")?.company;
  // A page renders only below a root loader that answered (else the root's error page shows instead).
  if (!company) throw new Error("The root loader did not name the platform's company");
  return company;
}
