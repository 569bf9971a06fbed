/** Profile (spec §2 "Profile"), first part: who you are and your meals with Activate / Deactivate. */
import { format } from "date-fns";
import { Plus } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Spinner } from "@/client/components/layout/spinner";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { useMyMeals } from "@/client/features/meals/api/get-my-meals";
import { useUpdateMeal } from "@/client/features/meals/api/update-meal";
import { MealPhoto } from "@/client/features/meals/components/meal-photo";
import { NewsletterOptIn } from "@/client/features/newsletter/components/newsletter-opt-in";
import { formatDay, formatPrice, initials } from "@/client/lib/format";
import type { Meal } from "@/contract/meals";

export default function ProfilePage() {
  const { user } = useCurrentUser();
  const { meals, isLoading, hasNextPage, fetchNextPage } = useMyMeals();
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col items-center gap-4 sm:flex-row">
        <Avatar className="h-20 w-20 text-2xl">
          {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
          <AvatarFallback className="bg-primary/10 text-primary">{initials(user)}</AvatarFallback>
        </Avatar>
        <div className="text-center sm:text-left">
          <h1 className="text-3xl font-bold">
            {user.firstName} {user.lastName}
          </h1>
          <p className="text-muted-foreground">
            Member since {format(new Date(user.createdAt), "MMMM yyyy")}
          </p>
          {user.isCook && <Badge className="mt-2 bg-green-700">Verified Cook</Badge>}
        </div>
      </header>

      <section aria-labelledby="my-meals" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="my-meals" className="text-2xl font-semibold">
            My Meals ({meals.length}
            {hasNextPage ? "+" : ""})
          </h2>
          <Button asChild>
            <Link href="/meals/new">
              <Plus aria-hidden="true" /> Add New Meal
            </Link>
          </Button>
        </div>
        {isLoading ? (
          <Spinner className="py-12" label="Loading your meals" />
        ) : meals.length === 0 ? (
          <EmptyState title="No meals yet" text="Share your first meal with the neighbourhood." />
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
            Load more
          </Button>
        )}
      </section>

      <section aria-labelledby="settings" className="flex flex-col gap-4">
        <h2 id="settings" className="text-2xl font-semibold">
          Settings
        </h2>
        <Card>
          <CardContent className="p-4">
            <NewsletterOptIn subscribed={user.newsletterOptIn} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

function OwnMealCard({ meal }: { meal: Meal }) {
  const updateMeal = useUpdateMeal();
  const toggle = () =>
    updateMeal.mutate(
      { id: meal.id, patch: { isActive: !meal.isActive } },
      {
        onSuccess: () => toast({ title: "Meal updated." }),
        onError: () =>
          toast({
            title: "Error",
            description: "Failed to update meal status. Please try again.",
            variant: "destructive",
          }),
      },
    );
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
          <span className="text-sm">{meal.kind === "free" ? "FREE" : formatPrice(meal.priceCents ?? 0)}</span>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatDay(meal.pickupWindowStart)} · {meal.portionsLeft} of {meal.portionSize} left ·{" "}
          {meal.isActive ? (meal.isExpired ? "Ended" : "Active") : "Inactive"}
        </p>
        <Button
          variant={meal.isActive ? "outline" : "default"}
          size="sm"
          onClick={toggle}
          disabled={updateMeal.isPending}
        >
          {meal.isActive ? "Deactivate" : "Activate"}
        </Button>
      </CardContent>
    </Card>
  );
}
