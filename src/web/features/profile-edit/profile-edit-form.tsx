import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { OwnProfile } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { paths } from "~/paths";
import { updateProfile } from "./update-profile";
import { uploadAvatar } from "./upload-avatar";
import {
  formValuesFrom,
  pathAfterSave,
  PROFILE_TOASTS,
  saveFailureProblem,
  toUpdateInput,
  uploadFailureProblem,
  type ProfileField,
  type ProfileFormValues,
  type ProfileProblem,
} from "./profile-form";
import { AvatarField, type PendingAvatar } from "./avatar-field";
import { SellerDetailsSection } from "./seller-details-section";

/** Edit your own profile (spec §2 Profiles, §5 Profile edit, §8 Profile). */
export function ProfileEditForm({ profile }: { profile: OwnProfile }) {
  const [values, setValues] = useState<ProfileFormValues>(() => formValuesFrom(profile));
  const [pendingAvatar, setPendingAvatar] = useState<PendingAvatar | null>(null);
  const [problem, setProblem] = useState<ProfileProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const set = (field: Exclude<ProfileField, "isCompany">) => (value: string) => {
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
    // Pending (and the button disabled) from the moment of sending: the checks load on the first submit.
    setSaving(true);
    let found: ProfileProblem | null;
    try {
      const { profileFormProblem } = await import("./lib/profile-checks");
      // A chosen file replaces any typed address, so only the other fields are checked before uploading.
      found = profileFormProblem(pendingAvatar ? { ...values, avatarUrl: "" } : values);
    } catch {
      // The checks could not be fetched (offline): told as any other failed save.
      found = saveFailureProblem(undefined);
    }
    if (found) {
      setSaving(false);
      return report(found, form);
    }
    setProblem(null);
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

      <SellerDetailsSection
        values={values}
        onChange={(field, value) => {
          setValues((current) => ({ ...current, [field]: value }));
          if (problem?.field === field) setProblem(null);
        }}
        errorFor={errorFor}
        missing={profile.sellerDetailsProblems.map((found) => found.message)}
      />

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
