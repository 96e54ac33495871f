import { useCallback, useEffect, useState } from "react";
import { flushSync } from "react-dom";

/**
 * Print Ticket prints that one ticket: the card is marked (print CSS hides the others) before the
 * browser's print dialog opens, and unmarked when printing is over.
 */
export function usePrintTicket() {
  const [printing, setPrinting] = useState<string | null>(null);

  useEffect(() => {
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done);
    return () => window.removeEventListener("afterprint", done);
  }, []);

  const print = useCallback((bookingId: string) => {
    // The mark must be in the page before print() lays it out.
    flushSync(() => setPrinting(bookingId));
    window.print();
  }, []);

  return { printing, print };
}
