/** The requests feature's public face: what pages and other features may use. */
export { useCreateRequest } from "./api/create-request";
export { requestQuery, useRequest } from "./api/get-request";
export { useRequests } from "./api/get-requests";
export { usePickupPass } from "./api/pickup-pass";
export { Conversation } from "./components/conversation";
export { PickupCode } from "./components/pickup-code";
export { PickupDetails } from "./components/pickup-details";
export { PickupPassCard } from "./components/pickup-pass";
export { RequestCard } from "./components/request-card";
export { RequestMealForm } from "./components/request-meal-form";
export { StatusActions } from "./components/status-actions";
export { StatusBadge } from "./components/status-badge";
export { TermsChangeCard } from "./components/terms-change";
export { ThreadList } from "./components/thread-list";
export { ThreadSummary } from "./components/thread-summary";
export { useMarkReadWhileOpen } from "./hooks/use-mark-read-while-open";
export { requestsLive } from "./live";
