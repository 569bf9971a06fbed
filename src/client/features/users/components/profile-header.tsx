/**
 * The head of one's own profile (spec §2 "Profile"): photo, name, rating, join date, what one
 * shared, badges (Registered Cook — one term for a cook everywhere, docs/features/everyday-journey.md;
 * Trusted Member), links to the cook registration (renewal only when due) and
 * the public profile, and the eater/feeder toggle.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StarRating } from "@/client/components/star-rating";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { initials, useFormat } from "@/client/lib/format";
import type { CurrentUser } from "@/contract/auth";
import { thumbnailOf } from "@/contract/plain/photos";
import { useRating } from "../api/users";
import { ProfilePhotoButton } from "./profile-photo-button";
import { RoleToggle } from "./role-toggle";

export function ProfileHeader({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { data: rating } = useRating(user.id);
  return (
    <header className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
      <div className="flex flex-col items-center gap-2">
        <Avatar className="h-24 w-24 text-2xl">
          {user.profileImageUrl && <AvatarImage src={thumbnailOf(user.profileImageUrl)} alt="" />}
          <AvatarFallback className="bg-primary/10 text-primary">{initials(user)}</AvatarFallback>
        </Avatar>
        <ProfilePhotoButton hasPhoto={Boolean(user.profileImageUrl)} />
      </div>
      <div className="flex flex-1 flex-col items-center gap-2 text-center sm:items-start sm:text-start">
        <h1 className="text-3xl font-bold">
          {user.firstName} {user.lastName}
        </h1>
        {rating && rating.count > 0 ? (
          <StarRating rating={rating.average} count={rating.count} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("No reviews yet")}</p>
        )}
        <p className="text-muted-foreground">
          {t("Member since {{date}}", { date: f.monthYear(user.createdAt) })}
        </p>
        {rating && (
          <p className="text-sm font-medium text-green-800" data-testid="my-impact">
            {t("You have shared {{count}} portion", { count: rating.portionsShared })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {user.isCook && <Badge className="bg-green-700">{t("Registered Cook")}</Badge>}
          {rating?.trustedMember && <Badge className="bg-blue-700">{t("Trusted Member")}</Badge>}
          {(!user.isCook || user.cookRenewalDue) && (
            <Link href="/become-a-cook" className="text-sm font-medium text-green-800 underline">
              {user.isCook ? t("Renew your cook registration") : t("Become a registered cook")}
            </Link>
          )}
          <Link href={`/user/${user.id}`} className="text-sm font-medium underline">
            {t("See your public profile")}
          </Link>
        </div>
      </div>
      <RoleToggle role={user.role} />
    </header>
  );
}
