/**
 * The signed-in app: navigation bar and member routes, one lazily loaded chunk (spec §2), the
 * live-update stream that keeps their data current, and the offer of push notifications.
 */
import { lazy, Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { NavBar } from "@/client/components/layout/nav-bar";
import { RouteErrorBoundary } from "@/client/components/layout/route-error-boundary";
import { Spinner } from "@/client/components/layout/spinner";
import { useCurrentUser } from "@/client/features/auth";
import { useLiveUpdates } from "@/client/features/live";
import { PushPrompt, syncPush } from "@/client/features/notifications";
import { useAccountLanguage } from "@/client/features/users";
import { STATIC_ROUTES } from "./static-routes";

const HomePage = lazy(() => import("@/client/pages/home"));
const CommunityPage = lazy(() => import("@/client/pages/community"));
const MarketplacePage = lazy(() => import("@/client/pages/marketplace"));
const MealDetailPage = lazy(() => import("@/client/pages/meal-detail"));
const CreateMealPage = lazy(() => import("@/client/pages/create-meal"));
const RequestsPage = lazy(() => import("@/client/pages/requests"));
const RequestThreadPage = lazy(() => import("@/client/pages/request-thread"));
const ProfilePage = lazy(() => import("@/client/pages/profile"));
const NotFoundPage = lazy(() => import("@/client/pages/not-found"));
const EventsPage = lazy(() => import("@/client/pages/events"));
const AdminPage = lazy(() => import("@/client/pages/admin"));
const ReviewsPage = lazy(() => import("@/client/pages/reviews"));
const UserProfilePage = lazy(() => import("@/client/pages/user-profile"));
const BecomeACookPage = lazy(() => import("@/client/pages/become-a-cook"));

export default function SignedInShell() {
  useLiveUpdates();
  const { user } = useCurrentUser();
  const userId = user?.id;
  useAccountLanguage(user);
  // This device's push state, and the server's copy of its subscription for this session.
  useEffect(() => {
    if (userId) void syncPush(userId);
  }, [userId]);
  return (
    <div className="min-h-screen">
      <NavBar />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
        <PushPrompt />
        <RouteErrorBoundary>
          <Suspense fallback={<Spinner className="py-24" />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/community" component={CommunityPage} />
              <Route path="/marketplace" component={MarketplacePage} />
              <Route path="/meal/:id" component={MealDetailPage} />
              <Route path="/meals/new" component={CreateMealPage} />
              <Route path="/requests" component={RequestsPage} />
              <Route path="/request/:id" component={RequestThreadPage} />
              <Route path="/profile" component={ProfilePage} />
              <Route path="/events" component={EventsPage} />
              <Route path="/admin" component={AdminPage} />
              <Route path="/reviews" component={ReviewsPage} />
              <Route path="/user/:id" component={UserProfilePage} />
              <Route path="/become-a-cook" component={BecomeACookPage} />
              {STATIC_ROUTES.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              ))}
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
