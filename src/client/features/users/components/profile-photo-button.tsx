import { useTranslation } from "react-i18next";
import { toast } from "@/client/components/ui/use-toast";
import { UploadPhotoButton } from "@/client/features/photos";
import { useUpdateProfile } from "../api/users";

/** The profile photo: the same upload flow as meals, then `PUT /api/user/profile` (spec §7). */
export function ProfilePhotoButton({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation("app");
  const update = useUpdateProfile({ errorMessage: t("Failed to update profile photo. Please try again.") });
  return (
    <UploadPhotoButton
      label={hasPhoto ? t("Change photo") : t("Add photo")}
      variant="ghost"
      note={t("One photo, up to 25 MB (large ones are made smaller)")}
      onUploaded={(photo) =>
        update.mutate(
          { profileImageUrl: photo.objectPath },
          {
            onSuccess: () => toast({ title: t("Profile photo updated.") }),
          },
        )
      }
    />
  );
}
