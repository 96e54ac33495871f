import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { paths } from "~/paths";
import type { CartCode } from "./cart-code";

/**
 * The cart's "Have a code?" (issue 37): a plain GET form to /cart?code=, so it works before the page's
 * scripts load and a link with ?code= is the same thing. The server prices the lines with it; this says
 * how it stands (applied, or why not). Few elements and
 * attributes (codes are case-insensitive, so no autoCapitalize): the cart's page is near its DOM and HTML budgets.
 */
export function CartCodeForm({ code }: { code: CartCode | null }) {
  const error = code && !code.applied ? code.message : null;
  return (
    <form method="get" action={paths.cart} className="mt-6 flex flex-wrap items-end gap-2">
      <label htmlFor="cart-code" className="w-full text-sm font-semibold text-ink">
        Have a code?
      </label>
      <Input
        id="cart-code"
        name="code"
        defaultValue={code?.code ?? ""}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={code ? "cart-code-status" : undefined}
        className="flex-1"
      />
      <Button type="submit" variant="outline" size="md">
        Apply
      </Button>
      {code && (
        <p id="cart-code-status" role={error ? "alert" : "status"} className={`w-full text-sm font-medium ${error ? "text-red-700" : "text-green-800"}`}>
          {code.message}
        </p>
      )}
    </form>
  );
}
