import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Lists refetch when the browser tab becomes visible again (spec §4 Listing visibility). */
export function useRevalidateOnVisible() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidate]);
}
