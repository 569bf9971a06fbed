/**
 * A public profile, `/user/{id}`: name, photo, bio, rating, badges (Registered Cook, Trusted
 * Member), open meals, and the reviews received, newest first, a page at a time. Block user /
 * Unblock, and Report, for anyone but oneself.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { ProfileMeals, ProfileReviews, PublicProfileCard, useProfile } from "@/client/features/users";
import { ApiError } from "@/client/lib/api-client";

export default function UserProfilePage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const profile = useProfile(id);

  if (profile.isLoading) return <Spinner className="py-24" label={t("Loading profile")} />;
  if (profile.error && !isNotFound(profile.error)) {
    return (
      <QueryError
        title={t("Could not load this profile")}
        error={profile.error}
        onRetry={() => profile.refetch()}
        retrying={profile.isRefetching}
      />
    );
  }
  const person = profile.data;
  if (!person && profile.error instanceof ApiError && profile.error.code === "member_left") {
    return (
      <EmptyState
        title={t("This member has left MealShare.")}
        text={t("Their profile and meals are no longer shown.")}
      >
        <Button asChild>
          <Link href="/community">{t("Browse Meals")}</Link>
        </Button>
      </EmptyState>
    );
  }
  if (!person) {
    return (
      <EmptyState
        title={t("User not found")}
        text={t("This profile doesn't exist or is no longer available.")}
      >
        <Button asChild>
          <Link href="/community">{t("Browse Meals")}</Link>
        </Button>
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <PublicProfileCard person={person} onBlockChange={() => profile.refetch()} />
      <section aria-labelledby="profile-meals" className="flex flex-col gap-4">
        <h2 id="profile-meals" className="text-2xl font-semibold">
          {t("Active meals")}
        </h2>
        <ProfileMeals id={person.id} blocked={person.blockedByMe} />
      </section>
      <section aria-labelledby="profile-reviews" className="flex flex-col gap-4">
        <h2 id="profile-reviews" className="text-2xl font-semibold">
          {t("Reviews")}
        </h2>
        <ProfileReviews id={person.id} />
      </section>
    </div>
  );
}
