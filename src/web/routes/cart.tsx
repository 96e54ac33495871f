import { CartView } from "~/features/cart/components/cart-view";
import { checkoutItems } from "~/features/cart/lib/cart-lines";
import { useCartCheckout } from "~/features/checkout/hooks/use-cart-checkout";
import { seoMeta } from "~/lib/seo";

export const meta = () => [
  ...seoMeta({ title: "Shopping Cart", description: "The tickets in your cart, their fees and total, ready for checkout." }),
  { name: "robots", content: "noindex" },
];

export default function CartPage() {
  const { checkout, pending } = useCartCheckout();
  return <CartView checkingOut={pending} onCheckout={(items) => void checkout(checkoutItems(items))} />;
}
