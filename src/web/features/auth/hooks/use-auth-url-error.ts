import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { authErrorFromUrl, withoutAuthErrorParams } from "../lib/auth-url-state";

/**
 * A link that failed (expired confirmation or reset link, ?error=… or ?error_description=…) shows
 * 'Authentication Error', then the parameters are removed from the address (spec §8 Other auth).
 */
export function useAuthUrlError(): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const problem = authErrorFromUrl(searchParams);
  useEffect(() => {
    if (!problem) return;
    // The id keeps a second run (React's development double effects) from stacking a second toast.
    toast.error("Authentication Error", { description: problem, id: "auth-url-error" });
    setSearchParams((current) => withoutAuthErrorParams(current), { replace: true, preventScrollReset: true });
  }, [problem, setSearchParams]);
}
