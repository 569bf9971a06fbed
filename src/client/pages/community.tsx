/** Community (spec §2 "Community"): free surplus meals. */
import { MealListPage } from "@/client/features/meals/components/meal-list-page";

export default function CommunityPage() {
  return (
    <MealListPage
      kind="free"
      title="Community Meals"
      intro="Free surplus meals shared by your neighbours. Take what you need, and share when you can."
      searchPlaceholder="Search free meals..."
      addLabel="Share Meal"
      emptyTitle="No free meals available"
      emptyButton="Share a Free Meal"
    />
  );
}
