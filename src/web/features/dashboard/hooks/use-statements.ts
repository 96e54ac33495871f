import { useCallback, useEffect, useState } from "react";
import type { Statements } from "@domain";
import { getStatements } from "../api/statements";

export type StatementsState = { status: "loading" } | { status: "failed" } | { status: "ready"; statements: Statements };

/** The Payouts tab's statements, read when the tab opens; retry() reads them again. */
export function useStatements() {
  const [state, setState] = useState<StatementsState>({ status: "loading" });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getStatements(controller.signal).then(
      (statements) => setState({ status: "ready", statements }),
      () => !controller.signal.aborted && setState({ status: "failed" }),
    );
    return () => controller.abort();
  }, [reloads]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    setReloads((count) => count + 1);
  }, []);

  return { state, retry };
}
