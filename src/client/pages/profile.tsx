/**
 * Profile (spec §2 "Profile"): photo, name, rating, join date, badges (Verified Cook; Trusted
 * Member by the README's rule), the eater/feeder toggle, and tabs My Meals and Settings.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LanguageSelect } from "@/client/components/layout/language-select";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { FieldError, fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { CalendarFeedSettings } from "@/client/features/calendar/calendar-feed-settings";
import { useMyMeals } from "@/client/features/meals/api/get-my-meals";
import { useToggleMealActive } from "@/client/features/meals/api/update-meal";
import { CheckboxGroup } from "@/client/features/meals/components/food-safety";
import { MealPhoto } from "@/client/features/meals/components/meal-photo";
import { StarRating } from "@/client/features/meals/components/star-rating";
import { NotificationSettings } from "@/client/features/notifications/components/notification-settings";
import { UploadPhotoButton } from "@/client/features/photos/photo-field";
import { useBlockedUsers } from "@/client/features/users/api/profiles";
import { useRating, useUpdateProfile, useUpdateRole } from "@/client/features/users/api/users";
import { BlockButton } from "@/client/features/users/components/block-button";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { initials, useFormat } from "@/client/lib/format";
import {
  type CurrentUser,
  type UpdateProfileInput,
  type UserRole,
  updateProfileSchema,
} from "@/contract/auth";
import { ALLERGENS, DIET_TAGS, type DietTag } from "@/contract/food-safety";
import type { Meal } from "@/contract/meals";
import { thumbnailOf } from "@/contract/photos";

export default function ProfilePage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { user } = useCurrentUser();
  const tab = new URLSearchParams(useSearch()).get("tab");
  const { meals, isLoading, hasNextPage, fetchNextPage, isError, error, refetch, isRefetching } =
    useMyMeals();
  const { data: rating } = useRating(user?.id);
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="flex flex-col items-center gap-2">
          <Avatar className="h-24 w-24 text-2xl">
            {user.profileImageUrl && <AvatarImage src={thumbnailOf(user.profileImageUrl)} alt="" />}
            <AvatarFallback className="bg-primary/10 text-primary">{initials(user)}</AvatarFallback>
          </Avatar>
          <ProfilePhotoButton hasPhoto={Boolean(user.profileImageUrl)} />
        </div>
        <div className="flex flex-1 flex-col items-center gap-2 text-center sm:items-start sm:text-left">
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
            {user.isCook && <Badge className="bg-green-700">{t("Verified Cook")}</Badge>}
            {rating?.trustedMember && <Badge className="bg-blue-700">{t("Trusted Member")}</Badge>}
            <Link href="/become-a-cook" className="text-sm font-medium text-green-800 underline">
              {user.isCook ? t("Renew your cook registration") : t("Become a registered cook")}
            </Link>
            <Link href={`/user/${user.id}`} className="text-sm font-medium underline">
              {t("See your public profile")}
            </Link>
          </div>
        </div>
        <RoleToggle role={user.role} />
      </header>

      {/* Emails link to /profile?tab=settings (issue 14). */}
      <Tabs defaultValue={tab === "settings" ? "settings" : "meals"}>
        <TabsList>
          <TabsTrigger value="meals">
            {t("My Meals ({{number}})", { number: `${meals.length}${hasNextPage ? "+" : ""}` })}
          </TabsTrigger>
          <TabsTrigger value="settings">{t("Settings")}</TabsTrigger>
        </TabsList>
        <TabsContent value="meals" className="flex flex-col gap-4">
          <div className="flex justify-end">
            <Button asChild>
              <Link href="/meals/new">
                <Plus aria-hidden="true" /> {t("Add New Meal")}
              </Link>
            </Button>
          </div>
          {isLoading ? (
            <Spinner className="py-12" label={t("Loading your meals")} />
          ) : isError && meals.length === 0 ? (
            <QueryError
              title={t("Could not load your meals")}
              error={error}
              onRetry={() => refetch()}
              retrying={isRefetching}
            />
          ) : meals.length === 0 ? (
            <EmptyState title={t("No meals yet")} text={t("Share your first meal with the neighbourhood.")} />
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {meals.map((meal) => (
                <li key={meal.id}>
                  <OwnMealCard meal={meal} />
                </li>
              ))}
            </ul>
          )}
          {hasNextPage && (
            <Button variant="outline" className="self-center" onClick={() => fetchNextPage()}>
              {t("Load more")}
            </Button>
          )}
        </TabsContent>
        <TabsContent value="settings" className="flex flex-col gap-4">
          <ProfileSettings user={user} />
          <Card>
            <CardContent className="flex flex-col gap-2 p-4">
              <h2 className="font-semibold">{t("Language")}</h2>
              <p className="text-sm text-muted-foreground">
                {t("MealShare and its emails speak the language you choose, on every device.")}
              </p>
              <LanguageSelect />
            </CardContent>
          </Card>
          <NotificationSettings userId={user.id} />
          <CalendarFeedSettings />
          <BlockedUsersSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** spec §4 "Role toggle": eater or feeder, switched optimistically and reverted on failure. */
function RoleToggle({ role }: { role: UserRole }) {
  const { t } = useTranslation("app");
  const update = useUpdateRole();
  const choose = (next: UserRole) => {
    if (next === role) return;
    update.mutate(next, {
      onSuccess: () =>
        toast({
          title:
            next === "eater"
              ? t("Switched to eater mode successfully.")
              : t("Switched to feeder mode successfully."),
        }),
      onError: () =>
        toast({
          title: t("Error"),
          description: t("Failed to update role. Please try again."),
          variant: "destructive",
        }),
    });
  };
  return (
    <fieldset className="inline-flex rounded-lg border p-1">
      <legend className="sr-only">{t("I am here as")}</legend>
      {(["eater", "feeder"] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant={role === option ? "default" : "ghost"}
          aria-pressed={role === option}
          onClick={() => choose(option)}
          className="capitalize"
        >
          {option === "eater" ? t("Eater") : t("Feeder")}
        </Button>
      ))}
    </fieldset>
  );
}

/**
 * The Settings tab's form: names, bio and dietary preferences (`PUT /api/user/profile`), checked
 * by the same schema as the server's, whose field errors are shown too; My allergies and My diet
 * (issue 13), which warn on meals and hide them from lists.
 */
function ProfileSettings({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const update = useUpdateProfile();
  const prefix = useId();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      bio: user.bio ?? "",
      dietaryPrefs: user.dietaryPrefs ?? "",
      allergyCodes: user.allergyCodes,
      allergiesOther: user.allergiesOther,
      dietTags: user.dietTags as DietTag[],
    },
  });
  const errors = formState.errors;
  const field = (name: "firstName" | "lastName" | "bio" | "dietaryPrefs" | "allergiesOther") => ({
    ...fieldAria(`${prefix}${name}`, errors[name]?.message),
    ...register(name),
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: t("Profile updated.") }),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [name, message] of Object.entries(error.errors))
            setError(name as keyof UpdateProfileInput, { message });
        }
        toast({
          title: t("Error"),
          description: errorMessage(error, t("Failed to update profile. Please try again.")),
          variant: "destructive",
        });
      },
    }),
  );
  return (
    <Card>
      <CardContent className="p-4">
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${prefix}firstName`}>{t("First name")}</Label>
            <Input {...field("firstName")} maxLength={80} required autoComplete="given-name" />
            <FieldError id={`${prefix}firstName`} message={errors.firstName?.message} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${prefix}lastName`}>{t("Last name")}</Label>
            <Input {...field("lastName")} maxLength={80} autoComplete="family-name" />
            <FieldError id={`${prefix}lastName`} message={errors.lastName?.message} />
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={`${prefix}bio`}>{t("Bio")}</Label>
            <Textarea
              {...field("bio")}
              maxLength={1000}
              rows={3}
              placeholder={t("What do you like to cook?")}
            />
            <FieldError id={`${prefix}bio`} message={errors.bio?.message} />
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={`${prefix}dietaryPrefs`}>{t("Dietary preferences")}</Label>
            <Input {...field("dietaryPrefs")} maxLength={500} placeholder={t("e.g. vegetarian, no nuts")} />
            <FieldError id={`${prefix}dietaryPrefs`} message={errors.dietaryPrefs?.message} />
          </div>
          <div className="flex flex-col gap-3 sm:col-span-2">
            <CheckboxGroup
              legend={t("My allergies")}
              hint={t("Meals containing these show a warning, and lists can hide them. Only you see this.")}
              options={ALLERGENS}
              registration={register("allergyCodes")}
              error={errors.allergyCodes?.message}
              errorId={`${prefix}allergyCodes`}
              idPrefix={`${prefix}allergy-`}
            />
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${prefix}allergiesOther`}>{t("Other allergies")}</Label>
              <Input {...field("allergiesOther")} maxLength={300} placeholder={t("e.g. coriander, kiwi")} />
              <FieldError id={`${prefix}allergiesOther`} message={errors.allergiesOther?.message} />
            </div>
          </div>
          <div className="sm:col-span-2">
            <CheckboxGroup
              legend={t("My diet")}
              options={DIET_TAGS}
              registration={register("dietTags")}
              error={errors.dietTags?.message}
              errorId={`${prefix}dietTags`}
              idPrefix={`${prefix}diet-`}
            />
          </div>
          <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={update.isPending}>
            {t("Save Settings")}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Settings → Blocked users, each with Unblock (issue 13 point 5). */
function BlockedUsersSettings() {
  const { t } = useTranslation("app");
  const blocked = useBlockedUsers();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Blocked users")}</h2>
        {blocked.isLoading && <Spinner label={t("Loading blocked users")} />}
        {blocked.isError && (
          <QueryError
            title={t("Could not load blocked users")}
            error={blocked.error}
            onRetry={() => blocked.refetch()}
            retrying={blocked.isRefetching}
            compact
          />
        )}
        {blocked.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">{t("You have not blocked anyone.")}</p>
        )}
        {blocked.data && blocked.data.length > 0 && (
          <ul className="flex flex-col gap-2">
            {blocked.data.map((person) => {
              const name = `${person.firstName} ${person.lastName}`.trim() || t("A neighbour");
              return (
                <li key={person.id} className="flex items-center justify-between gap-2">
                  <Link href={`/user/${person.id}`} className="hover:underline">
                    {name}
                  </Link>
                  <BlockButton userId={person.id} name={name} blocked />
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The profile photo: the same upload flow as meals, then `PUT /api/user/profile` (spec §7). */
function ProfilePhotoButton({ hasPhoto }: { hasPhoto: boolean }) {
  const { t } = useTranslation("app");
  const update = useUpdateProfile();
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
            onError: () =>
              toast({
                title: t("Error"),
                description: t("Failed to update profile photo. Please try again."),
                variant: "destructive",
              }),
          },
        )
      }
    />
  );
}

function OwnMealCard({ meal }: { meal: Meal }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const updateMeal = useToggleMealActive();
  const toggle = () => updateMeal.toggle(meal);
  return (
    <Card className="overflow-hidden" data-testid="own-meal">
      <Link href={`/meal/${meal.id}`}>
        <MealPhoto meal={meal} />
      </Link>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2">
          <Link href={`/meal/${meal.id}`} className="font-semibold hover:underline">
            {meal.title}
          </Link>
          <span className="text-sm">{meal.kind === "free" ? t("FREE") : f.price(meal.priceCents ?? 0)}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {f.day(meal.pickupWindowStart)} ·{" "}
          {t("{{left}} of {{size}} left", { left: meal.portionsLeft, size: meal.portionSize })} ·{" "}
          {meal.isActive ? (meal.isExpired ? t("Ended") : t("Active")) : t("Inactive")}
        </p>
        <Button
          variant={meal.isActive ? "outline" : "default"}
          size="sm"
          onClick={toggle}
          disabled={updateMeal.isPending}
        >
          {meal.isActive ? t("Deactivate") : t("Activate")}
        </Button>
      </CardContent>
    </Card>
  );
}
