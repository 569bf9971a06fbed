/**
 * A public profile, `/user/{id}` (issue 13 point 6): name, photo, bio, rating, badges (Registered
 * Cook, Trusted Member), open meals, and the reviews received, newest first, a page at a time.
 * Block user / Unblock, and Report, for anyone but oneself.
 */
import { BadgeCheck, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { useSuspendUser } from "@/client/features/admin/api/reports";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { MealGrid } from "@/client/features/meals/components/meal-grid";
import { StarRating } from "@/client/features/meals/components/star-rating";
import { ReportButton } from "@/client/features/reports/components/report-button";
import { useProfile, useReceivedReviews, useUserMeals } from "@/client/features/users/api/profiles";
import { BlockButton } from "@/client/features/users/components/block-button";
import { errorMessage } from "@/client/lib/api-client";
import { initials, useFormat } from "@/client/lib/format";
import { thumbnailOf } from "@/contract/photos";

export default function UserProfilePage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { id } = useParams<{ id: string }>();
  const { user: me } = useCurrentUser();
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
  const name = `${person.firstName} ${person.lastName}`.trim() || t("A neighbour");
  const isMe = me?.id === person.id;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <Card>
        <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start">
          <Avatar className="h-20 w-20">
            {person.profileImageUrl && <AvatarImage src={thumbnailOf(person.profileImageUrl)} alt="" />}
            <AvatarFallback className="text-xl">{initials(person)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold">{name}</h1>
            {person.suspended && <Badge variant="destructive">{t("Suspended")}</Badge>}
            <div className="mt-2 flex flex-wrap gap-2">
              {person.isCook && (
                <Badge className="gap-1 bg-green-700">
                  <BadgeCheck className="h-3 w-3" aria-hidden="true" /> {t("Registered Cook")}
                </Badge>
              )}
              {person.rating.trustedMember && (
                <Badge variant="secondary" className="gap-1">
                  <ShieldCheck className="h-3 w-3" aria-hidden="true" /> {t("Trusted Member")}
                </Badge>
              )}
            </div>
            {person.rating.count > 0 ? (
              <StarRating rating={person.rating.average} count={person.rating.count} className="mt-2" />
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">{t("No reviews yet")}</p>
            )}
            <p className="mt-1 text-sm text-muted-foreground">
              {t("Member since {{date}}", { date: f.messageDay(person.memberSince) })} ·{" "}
              {t("{{count}} completed exchange", { count: person.rating.completedExchanges })} ·{" "}
              {t("shared {{count}} portion", { count: person.rating.portionsShared })}
            </p>
            {person.bio && <p className="mt-3 whitespace-pre-line">{person.bio}</p>}
          </div>
          {!isMe && (
            <div className="flex flex-wrap gap-2">
              {me?.isAdmin && <AdminSuspend userId={person.id} suspended={person.suspended} />}
              <BlockButton
                userId={person.id}
                name={name}
                blocked={person.blockedByMe}
                onChange={() => profile.refetch()}
              />
              <ReportButton
                targetType="user"
                targetId={person.id}
                label={t("Report this user")}
                variant="ghost"
                size="sm"
              >
                {t("Report")}
              </ReportButton>
            </div>
          )}
        </CardContent>
      </Card>

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

/** Admins suspend (reason required) or unsuspend the account from its profile (issue 13 point 5). */
function AdminSuspend({ userId, suspended }: { userId: string; suspended: boolean }) {
  const { t } = useTranslation("app");
  const suspend = useSuspendUser();
  const run = () => {
    const reason = suspended
      ? undefined
      : window.prompt(t("Why is this account suspended? (required)"))?.trim();
    if (!suspended && !reason) return;
    suspend.mutate(
      { userId, reason },
      {
        onSuccess: () =>
          toast({
            title: suspended ? t("User unsuspended") : t("User suspended"),
            description: suspended
              ? t("They can sign in again and their meals are back.")
              : t("Their sessions ended and their meals are hidden."),
          }),
        onError: (error) =>
          toast({
            title: t("Error"),
            description: errorMessage(error, t("Please try again.")),
            variant: "destructive",
          }),
      },
    );
  };
  return (
    <Button
      size="sm"
      variant={suspended ? "outline" : "destructive"}
      disabled={suspend.isPending}
      onClick={run}
    >
      {suspended ? t("Unsuspend user") : t("Suspend user")}
    </Button>
  );
}

function ProfileMeals({ id, blocked }: { id: string; blocked: boolean }) {
  const { t } = useTranslation("app");
  const query = useUserMeals(id);
  return (
    <MealGrid
      query={query}
      empty={
        <EmptyState title={blocked ? t("You have blocked this user") : t("No active meals right now")} />
      }
    />
  );
}

function ProfileReviews({ id }: { id: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const query = useReceivedReviews(id);
  if (query.isLoading) return <Spinner label={t("Loading reviews")} />;
  if (query.isError && !query.isFetchNextPageError)
    return (
      <QueryError
        title={t("Could not load reviews")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
        compact
      />
    );
  if (query.reviews.length === 0) return <EmptyState title={t("No reviews yet")} />;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {query.reviews.map((review) => (
          <li key={review.id}>
            <Card>
              <CardContent className="flex flex-col gap-1 p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link href={`/user/${review.reviewer.id}`} className="font-semibold hover:underline">
                    {`${review.reviewer.firstName} ${review.reviewer.lastName}`.trim() || t("A neighbour")}
                  </Link>
                  <span className="text-sm text-muted-foreground">{f.messageDay(review.createdAt)}</span>
                </div>
                <StarRating rating={review.rating} />
                <p className="whitespace-pre-line text-muted-foreground">{review.text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t("Loading...") : t("More reviews")}
        </Button>
      )}
      {query.isFetchNextPageError && (
        <QueryError
          title={t("Could not load more reviews")}
          error={query.error}
          onRetry={() => query.fetchNextPage()}
          compact
        />
      )}
    </div>
  );
}
