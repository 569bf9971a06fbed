/** The reviews feature's public face. */
export { useCreateReview, usePendingReviews } from "./api/reviews";
export { ReviewCard } from "./components/review-card";
export { StarInput } from "./components/star-input";
