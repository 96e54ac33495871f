import { CircleAlert, CircleCheck } from "lucide-react";
import { SELLER_KINDS, VAT_TREATMENTS } from "@domain";
import { Field } from "~/components/ui/field";
import { usePlatformCompany } from "~/hooks/use-platform-company";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { ProfileField, ProfileFormValues } from "./profile-form";

type SellerField = "businessName" | "businessAddress" | "sellerKind" | "isCompany" | "companyNumber" | "vatTreatment" | "vatNumber";

/**
 * "Seller details" (issue 34, D28): who sells the organiser's paid events, as the event page, the checkout
 * and receipts name them. `missing` is what the saved profile still lacks before paid events can go on sale.
 */
export function SellerDetailsSection({
  values,
  onChange,
  errorFor,
  missing,
}: {
  values: Pick<ProfileFormValues, SellerField>;
  onChange: <F extends SellerField>(field: F, value: ProfileFormValues[F]) => void;
  errorFor: (field: ProfileField) => string | null;
  missing: string[];
}) {
  const business = values.sellerKind === "business";
  const company = usePlatformCompany();
  return (
    <section aria-labelledby="profile-seller-heading" className="flex flex-col gap-5 border-t border-border pt-8">
      <div>
        <h2 id="profile-seller-heading" className="text-lg font-bold">
          Seller details
        </h2>
        <p className="mt-1 text-sm text-muted">
          When you sell tickets, you are the seller and {company.name} acts as your agent. The law asks us to tell buyers who you are and
          where you can be found, so your paid events show these details beside Buy Now, at checkout and on receipts. Free events need none of
          them.
        </p>
      </div>
      {missing.length > 0 ? (
        <div role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-bold">Your paid events cannot go on sale until these are added:</p>
            <ul className="mt-1 list-disc pl-5">
              {missing.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : (
        <p role="note" className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          Your seller details are complete: your paid events can go on sale.
        </p>
      )}

      <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={errorFor("sellerKind") ? "profile-seller-kind-error" : undefined}>
        <legend className="text-sm font-semibold text-ink">You sell as</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {SELLER_KINDS.map((kind) => (
            <label
              key={kind.value}
              className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-border bg-white px-3.5 py-2 text-sm font-semibold text-ink hover:bg-surface has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-200"
            >
              <input
                type="radio"
                name="sellerKind"
                value={kind.value}
                checked={values.sellerKind === kind.value}
                onChange={() => onChange("sellerKind", kind.value)}
                className="size-4 shrink-0 accent-brand-600"
              />
              {kind.label}
            </label>
          ))}
        </div>
        {errorFor("sellerKind") && (
          <p id="profile-seller-kind-error" className="text-sm font-medium text-red-700">
            {errorFor("sellerKind")}
          </p>
        )}
      </fieldset>

      <Field
        id="profile-business-name"
        label="Legal or trading name"
        hint={business ? "Your company's registered name, or the name you trade under." : "Your full name, or the name you sell under."}
        error={errorFor("businessName")}
      >
        <Input name="businessName" autoComplete="organization" maxLength={120} value={values.businessName} onChange={(event) => onChange("businessName", event.target.value)} />
      </Field>
      <Field
        id="profile-business-address"
        label="Address"
        hint="Where you can be found, over several lines with the postcode: a street address, not a PO box. Buyers see it on your paid events."
        error={errorFor("businessAddress")}
      >
        <Textarea
          name="businessAddress"
          rows={4}
          maxLength={300}
          autoComplete="street-address"
          value={values.businessAddress}
          onChange={(event) => onChange("businessAddress", event.target.value)}
        />
      </Field>

      {business && (
        <div className="flex flex-col gap-4">
          <label htmlFor="profile-is-company" className="flex cursor-pointer items-start gap-3 text-sm font-semibold">
            <input
              id="profile-is-company"
              name="isCompany"
              type="checkbox"
              checked={values.isCompany}
              onChange={(event) => onChange("isCompany", event.target.checked)}
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
            />
            We are a company registered at Companies House (a limited company or LLP)
          </label>
          {values.isCompany && (
            <Field id="profile-company-number" label="Company number" hint="8 digits, or 2 letters and 6 digits (e.g. 01234567 or SC123456)." error={errorFor("companyNumber")}>
              <Input
                name="companyNumber"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={12}
                value={values.companyNumber}
                onChange={(event) => onChange("companyNumber", event.target.value)}
              />
            </Field>
          )}
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="profile-vat-treatment" label="VAT on your tickets" error={errorFor("vatTreatment")}>
          <Select name="vatTreatment" value={values.vatTreatment} onChange={(event) => onChange("vatTreatment", event.target.value)}>
            <option value="">Choose…</option>
            {VAT_TREATMENTS.map((treatment) => (
              <option key={treatment.value} value={treatment.value}>
                {treatment.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="profile-vat-number"
          label="VAT number"
          hint="If you are VAT-registered, as on your certificate, e.g. GB 980 7806 84. Receipts then show the VAT in your prices."
          error={errorFor("vatNumber")}
        >
          <Input
            name="vatNumber"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={values.vatNumber}
            onChange={(event) => onChange("vatNumber", event.target.value)}
          />
        </Field>
      </div>
    </section>
  );
}
