import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { BRAND, type OwnProfile } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { paths } from "~/paths";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";
import {
  formValuesFrom,
  pathAfterSave,
  PROFILE_TOASTS,
  profileFormProblem,
  saveFailureProblem,
  toUpdateInput,
  uploadFailureProblem,
  type ProfileField,
  type ProfileFormValues,
  type ProfileProblem,
} from "./profile-form";
import { AvatarField, type PendingAvatar } from "./avatar-field";

/** Edit your own profile (spec §2 Profiles, §5 Profile edit, §8 Profile). */
export function ProfileEditForm({ profile }: { profile: OwnProfile }) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesFrom(profile));
  const [pendingAvatar, setPendingAvatar] = useState<PendingAvatar | null>(null);
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const set = (field: ProfileField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const errorFor = (field: ProfileField) => (problem?.field === field ? problem.description : null);
  const previewName = values.displayName.trim() || values.username.trim() || profile.email;

  function report(found: ProfileProblem, form?: HTMLFormElement) {
    setProblem(found);
    toast.error(found.title, { description: found.description });
    const control = found.field && form?.elements.namedItem(found.field);
    if (control instanceof HTMLElement) control.focus();
  }

  function goBack() {
    // The first page of a visit has no page of ours before it: go home instead of leaving the site.
    if (location.key === "default") void navigate(paths.home);
    else void navigate(-1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // A chosen file replaces any typed address, so only the other fields are checked before uploading.
    const found = profileFormProblem(pendingAvatar ? { ...values, avatarUrl: "" } : values);
    if (found) return report(found, form);
    setProblem(null);
    setSaving(true);
    let avatarUrl = values.avatarUrl;
    if (pendingAvatar) {
      try {
        avatarUrl = await uploadAvatar(pendingAvatar.file);
      } catch (error) {
        setSaving(false);
        return report(uploadFailureProblem(error), form);
      }
    }
    try {
      const saved = await updateProfile(toUpdateInput({ ...values, avatarUrl }));
      toast.success(PROFILE_TOASTS.updated.title);
      void navigate(pathAfterSave(saved));
    } catch (error) {
      setSaving(false);
      report(saveFailureProblem(error), form);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <section aria-labelledby="profile-picture-heading" className="flex flex-col gap-4">
        <h2 id="profile-picture-heading" className="text-lg font-bold">
          Profile picture
        </h2>
        <AvatarField
          name={previewName}
          url={values.avatarUrl}
          onUrlChange={set("avatarUrl")}
          pending={pendingAvatar}
          onPendingChange={(next) => {
            setPendingAvatar(next);
            if (problem?.field === "avatarUrl") setProblem(null);
          }}
          onFileRejected={(rejected) => report(rejected)}
          error={errorFor("avatarUrl")}
        />
      </section>

      <section aria-labelledby="profile-details-heading" className="flex flex-col gap-5 border-t border-border pt-8">
        <h2 id="profile-details-heading" className="text-lg font-bold">
          About you
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id="profile-username"
            label="Username"
            hint={
              values.username.trim()
                ? `Letters, numbers and underscores. Your public page: ${paths.profile(values.username.trim())}`
                : "Letters, numbers and underscores. It gives you a public page at /profile/username."
            }
            error={errorFor("username")}
          >
            <Input
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
              value={values.username}
              onChange={(event) => set("username")(event.target.value)}
            />
          </Field>
          <Field id="profile-display-name" label="Display name" error={errorFor("displayName")}>
            <Input
              name="displayName"
              autoComplete="name"
              maxLength={80}
              value={values.displayName}
              onChange={(event) => set("displayName")(event.target.value)}
            />
          </Field>
        </div>
        <Field id="profile-bio" label="Bio" hint="A few words about you or the events you run." error={errorFor("bio")}>
          <Textarea name="bio" rows={4} maxLength={1000} value={values.bio} onChange={(event) => set("bio")(event.target.value)} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="profile-location" label="Location" error={errorFor("location")}>
            <Input
              name="location"
              autoComplete="address-level2"
              maxLength={120}
              placeholder="e.g. Manchester"
              value={values.location}
              onChange={(event) => set("location")(event.target.value)}
            />
          </Field>
          <Field id="profile-website" label="Website" error={errorFor("website")}>
            <Input
              name="website"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.co.uk"
              value={values.website}
              onChange={(event) => set("website")(event.target.value)}
            />
          </Field>
        </div>
      </section>

      <section aria-labelledby="profile-selling-heading" className="flex flex-col gap-5 border-t border-border pt-8">
        <div>
          <h2 id="profile-selling-heading" className="text-lg font-bold">
            Selling on {BRAND.name}
          </h2>
          <p className="mt-1 text-sm text-muted">
            If you sell tickets, buyers' receipts name you as the seller with these details. They are not shown on your public profile.
          </p>
        </div>
        <Field id="profile-business-name" label="Business name" hint="Your trading name. Without one, receipts show your display name." error={errorFor("businessName")}>
          <Input
            name="businessName"
            autoComplete="organization"
            maxLength={120}
            value={values.businessName}
            onChange={(event) => set("businessName")(event.target.value)}
          />
        </Field>
        <Field id="profile-business-address" label="Business address" hint="The postal address for receipts, over several lines." error={errorFor("businessAddress")}>
          <Textarea
            name="businessAddress"
            rows={4}
            maxLength={300}
            autoComplete="street-address"
            value={values.businessAddress}
            onChange={(event) => set("businessAddress")(event.target.value)}
          />
        </Field>
        <Field
          id="profile-vat-number"
          label="VAT number (optional)"
          hint="Only if you are VAT-registered, as on your VAT registration certificate, e.g. GB 980 7806 84. Receipts then show the VAT included in your ticket prices."
          error={errorFor("vatNumber")}
        >
          <Input
            name="vatNumber"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={values.vatNumber}
            onChange={(event) => set("vatNumber")(event.target.value)}
          />
        </Field>
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-6 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
