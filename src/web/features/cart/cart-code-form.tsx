import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { paths } from "~/paths";
import type { CartCode } from "./cart-code";

/**
 * The cart's "Have a code?" (issue 37): a plain GET form to /cart?code=, so it works before the page's
 * scripts load and a link with ?code= is the same thing. The server prices the lines with it; this says
 * how it stands (applied, or why not). Few elements: the cart's page is near its DOM budget.
 */
export function CartCodeForm({ code }: { code: CartCode | null }) {
  const error = code && !code.applied ? code.message : null;
  return (
    <form method="get" action={paths.cart} className="mt-6 grid grid-cols-[1fr_auto] items-end gap-x-2 gap-y-1.5">
      <label htmlFor="cart-code" className="col-span-2 text-sm font-semibold text-ink">
        Have a code?
      </label>
      <Input
        id="cart-code"
        name="code"
        defaultValue={code?.code ?? ""}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={64}
        aria-invalid={error ? true : undefined}
        aria-describedby={code ? "cart-code-status" : undefined}
      />
      <Button type="submit" variant="outline" size="md">
        Apply
      </Button>
      {code && (
        <p id="cart-code-status" role={error ? "alert" : "status"} className={`col-span-2 text-sm font-medium ${error ? "text-red-700" : "text-green-800"}`}>
          {code.message}
        </p>
      )}
    </form>
  );
}
