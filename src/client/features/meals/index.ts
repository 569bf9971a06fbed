/** The meals feature's public face: lists, cards, the meal page's pieces, the meal form's parts. */
export { useMeal } from "./api/get-meal";
export { useMyMeals } from "./api/get-my-meals";
export { AdminMealControls } from "./components/admin-meal-controls";
export { AllergenWarning, useAllergenTags } from "./components/food-safety";
export { MealCard } from "./components/meal-card";
export { MealCook } from "./components/meal-cook";
export { MealFacts } from "./components/meal-facts";
export { CreateMealForm } from "./components/meal-form/create-meal-form";
export { MealGrid } from "./components/meal-grid";
export { MealHero } from "./components/meal-hero";
export { MealPhoto } from "./components/meal-photo";
export { MyMeals } from "./components/my-meals";
export { OwnMealCard } from "./components/own-meal-card";
export { PriceBadge, usePriceLabel } from "./components/price-label";
export { RequestMealForm } from "./components/request-meal-form";
export { StarRating } from "./components/star-rating";
