import { useId } from "react";
import type { EventDetail } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/**
 * "Have a code?" (issue 37): a plain GET form, so it works before the page's scripts load; the page then
 * shows the types the code unlocks and every price with it, as the server prices them (decision 042).
 */
export function CodeForm({ code }: { code: EventDetail["code"] }) {
  const id = useId();
  const applied = code && code.message === null ? `Code ${code.code} applied: ${code.effectText}` : null;
  return (
    <Card className="mt-4 p-4">
      <form method="get" className="flex items-end gap-2">
        <Field id={id} label="Have a code?" error={code?.message ?? null} className="flex-1">
          <Input name="code" defaultValue={code?.code ?? ""} autoComplete="off" autoCapitalize="characters" maxLength={64} />
        </Field>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </form>
      {applied && (
        <p role="status" className="mt-2 text-sm font-medium text-green-800">
          {applied}
        </p>
      )}
    </Card>
  );
}
