/**
 * Routing (spec §2 "Route sets"): the signed-in or signed-out set of the one route table
 * (routes.ts), chosen once the current user is known; every page is its own lazily loaded chunk,
 * and a page that throws while rendering shows an error with Retry in its place.
 */
import { lazy, Suspense } from "react";
import { parse } from "regexparam";
import { matchRoute, Route, Switch, useRoute } from "wouter";
import { AppUnreachable } from "@/client/components/layout/app-unreachable";
import { RouteErrorBoundary } from "@/client/components/layout/route-error-boundary";
import { FullScreenSpinner } from "@/client/components/layout/spinner";
import { useCurrentUser } from "@/client/features/auth";
import { PublicFrame } from "./layout/public-frame";
import { MEMBER_ROUTES, NotFoundPage, STATIC_ROUTES } from "./routes";

const LandingPage = lazy(() => import("@/client/pages/landing"));
const loadShell = () => import("./signed-in-shell");
const SignedInShell = lazy(loadShell);
const SignInRequiredPage = lazy(() => import("@/client/pages/sign-in-required"));
const SharedMealPage = lazy(() => import("@/client/pages/shared-meal"));
const PickupPassPage = lazy(() => import("@/client/pages/pickup-pass"));

/** A signed-out page's column inside the public frame. */
const padded = (Page: React.ComponentType) => () => (
  <div className="px-4 py-8 sm:py-12">
    <Page />
  </div>
);
const PaddedRoutes = STATIC_ROUTES.map((route) => ({ path: route.path, component: padded(route.component) }));
const PaddedSignInRequired = padded(SignInRequiredPage);
const PaddedSharedMeal = padded(SharedMealPage);
const PaddedNotFound = padded(NotFoundPage);

function SignedOutRoutes() {
  return (
    <PublicFrame>
      <RouteErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <Switch>
            <Route path="/" component={LandingPage} />
            {PaddedRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            {/* A shared meal link shows the meal's title and photo with sign-in
                (docs/features/everyday-journey.md, second pass point 7). */}
            <Route path="/meal/:id" component={PaddedSharedMeal} />
            {/* Any other member's page offers sign-in, not a 404. */}
            {MEMBER_ROUTES.filter((route) => route.path !== "/").map((route) => (
              <Route key={route.path} path={route.path} component={PaddedSignInRequired} />
            ))}
            <Route component={PaddedNotFound} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </PublicFrame>
  );
}

export function AppRouter() {
  const { user, isLoading, error, retry, retrying } = useCurrentUser();
  // The pickup pass opens at the door with no connection (docs/features/handover.md point 4): it does
  // not wait to learn who is signed in; its own call says so when nobody is.
  const [isPass] = useRoute("/pass/:id");
  if (isPass)
    return (
      <RouteErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <Route path="/pass/:id" component={PickupPassPage} />
        </Suspense>
      </RouteErrorBoundary>
    );
  if (isLoading) return <FullScreenSpinner />;
  if (error) return <AppUnreachable error={error} onRetry={() => void retry()} retrying={retrying} />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>{user ? <SignedInShell /> : <SignedOutRoutes />}</Suspense>
  );
}

/**
 * Starts fetching the signed-in shell's code and the code of the member's page at `path` together, as
 * soon as the member is known to be signed in (main.tsx), instead of one after the other after the
 * first render (docs/decisions/015 "Phones").
 */
export function preloadMemberPage(path: string): void {
  void loadShell();
  void MEMBER_ROUTES.find((route) => matchRoute(parse, route.path, path)[0])?.load();
}
