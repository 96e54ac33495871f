import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { onSale } from "~/lib/sale-event";

/** A burst of sales (a group booking, a reconnect) reloads the figures once. */
const SETTLE_MS = 400;

/** Reloads the page's data when a live sale arrives, so lists and totals update without a refresh. */
export function useRevalidateOnSale() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onSale(() => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate(), SETTLE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [revalidate]);
}
