import { Link } from "react-router";
import type { OwnProfile } from "@domain";
import { FormPage } from "~/components/form-page";
import { paths } from "~/paths";
import { ProfileEditForm } from "./profile-edit-form";
import type { EraseAccountAnswer } from "./erase-account";
import { YourDataSection } from "./your-data-section";

/** /profile/edit (spec §2 Profiles): the signed-in user's own profile. */
export function ProfileEditPage({ profile, erasure }: { profile: OwnProfile; erasure?: EraseAccountAnswer }) {
  return (
    <FormPage
      title="Edit Profile"
      intro={
        <>
          {profile.username ? (
            <>
              This is what people see on your public page,{" "}
              <Link to={paths.profile(profile.username)} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                @{profile.username}
              </Link>
              .
            </>
          ) : (
            "Choose a username to get your own public page."
          )}{" "}
          Signed in as <span className="break-words font-semibold text-ink">{profile.email}</span>.
        </>
      }
    >
      <ProfileEditForm profile={profile} />
      <YourDataSection profile={profile} refused={erasure} />
    </FormPage>
  );
}
