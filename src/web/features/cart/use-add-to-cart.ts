import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { addToCart, type CartItem } from "./cart-store";
import { cartAddedToast } from "./cart-toasts";

/** Add to Cart needs no sign-in (spec §6 Anonymous): the line goes into this browser's cart. */
export function useAddToCart(): (item: CartItem, max?: number) => void {
  const navigate = useNavigate();
  return (item, max) => {
    const result = addToCart(item, max);
    const text = cartAddedToast({ title: item.eventTitle, added: item.ticketQuantity, result });
    toast.success(text.title, {
      description: text.description,
      action: { label: "View Cart", onClick: () => navigate(paths.cart) },
    });
  };
}
