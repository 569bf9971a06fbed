/** Who cooked a meal, on its page: photo, name (to their profile), Registered Cook, rating, Report. */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StarRating } from "@/client/components/star-rating";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { ReportButton } from "@/client/features/reports";
import { useDisplayName } from "@/client/lib/display-name";
import { initials } from "@/client/lib/format";
import type { Meal } from "@/contract/meals";
import { thumbnailOf } from "@/contract/plain/photos";

export function MealCook({ meal, isOwner }: { meal: Meal; isOwner: boolean }) {
  const { t } = useTranslation("app");
  const displayName = useDisplayName();
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-4">
      <Avatar>
        {meal.owner.profileImageUrl && <AvatarImage src={thumbnailOf(meal.owner.profileImageUrl)} alt="" />}
        <AvatarFallback>{initials(meal.owner)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <Link href={`/user/${meal.owner.id}`} className="font-semibold hover:underline">
          {displayName(meal.owner)}
        </Link>
        {meal.owner.isCook && <p className="text-sm text-green-700">{t("Registered Cook")}</p>}
        {meal.ownerReviewCount > 0 && <StarRating rating={meal.ownerRating} count={meal.ownerReviewCount} />}
      </div>
      {!isOwner && (
        <ReportButton
          targetType="user"
          targetId={meal.owner.id}
          groupId={meal.group?.id}
          label={t("Report this cook")}
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
        >
          {t("Report")}
        </ReportButton>
      )}
    </div>
  );
}
