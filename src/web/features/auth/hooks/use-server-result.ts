import { useState } from "react";
import type { AuthFormResult } from "../lib/auth-form";

/**
 * The server's answer to a form posted before the page's scripts ran, until the form is sent again
 * from the hydrated page (which answers with toasts instead).
 */
export function useServerResult(result: AuthFormResult | undefined): [AuthFormResult | undefined, () => void] {
  const [shown, setShown] = useState(result);
  return [shown, () => setShown(undefined)];
}
