/**
 * A shared meal link opened by a visitor who is not signed in (docs/features/everyday-journey.md):
 * inside the public header, the meal's title and photo with Sign in, so they
 * know what the link is for. Where and from whom stays for members; a meal that is no longer open
 * shows the plain sign-in offer.
 */
import { useTranslation } from "react-i18next";
import { useParams } from "wouter";
import { Spinner } from "@/client/components/layout/spinner";
import { Badge } from "@/client/components/ui/badge";
import { SignInOffer } from "@/client/features/auth";
import { MealPhoto, useMealPreview } from "@/client/features/meals";

export default function SharedMealPage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const preview = useMealPreview(id);
  if (preview.isLoading) return <Spinner className="py-24" label={t("Loading meal")} />;
  if (!preview.data) return <SignInOffer />;
  const meal = preview.data;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <article className="overflow-hidden rounded-xl border bg-card" aria-labelledby="shared-meal-title">
        <MealPhoto
          meal={meal}
          className="aspect-[4/3] w-full"
          eager
          sizes="(min-width: 448px) 448px, 100vw"
        />
        <div className="flex flex-col gap-2 p-4">
          <Badge variant="secondary" className="self-start">
            {meal.kind === "free" ? t("Free") : t("Marketplace")}
          </Badge>
          <h1 id="shared-meal-title" className="break-words text-2xl font-bold" dir="auto">
            {meal.title}
          </h1>
        </div>
      </article>
      <SignInOffer under />
    </div>
  );
}
