import { useEffect } from "react";
import { toast } from "~/lib/toast";
import { announceSale } from "~/lib/sale-event";
import { LIVE_SALES_URL, parseSale, SALE_TOAST_DURATION_MS, saleToast } from "./sale-toast";

/**
 * Listens to the organiser's live sales while mounted (spec §4 Bookings: a real-time subscription
 * triggers a sale notification, own events only). EventSource reconnects by itself after a drop.
 */
export default function LiveSaleListener() {
  useEffect(() => {
    const source = new EventSource(LIVE_SALES_URL);
    const onSaleMessage = (message: MessageEvent<string>) => {
      const sale = parseSale(message.data);
      if (!sale) return;
      const text = saleToast(sale);
      // One toast per booking, even if a reconnect delivers it twice.
      if (text) toast.success(text.title, { id: `sale-${sale.bookingId}`, description: text.description, duration: SALE_TOAST_DURATION_MS });
      announceSale(sale);
    };
    source.addEventListener("sale", onSaleMessage);
    return () => {
      source.removeEventListener("sale", onSaleMessage);
      source.close();
    };
  }, []);
  return null;
}
