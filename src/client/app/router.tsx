/**
 * Routing (spec §2 "Route sets"): the signed-in or signed-out set, chosen once the current user
 * is known; every page is its own lazily loaded chunk, and a page that throws while rendering
 * shows an error with Retry in its place.
 */
import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { AppUnreachable } from "@/client/components/layout/app-unreachable";
import { RouteErrorBoundary } from "@/client/components/layout/route-error-boundary";
import { FullScreenSpinner } from "@/client/components/layout/spinner";
import { useCurrentUser } from "@/client/features/auth";
import { STATIC_ROUTES } from "./static-routes";

const LandingPage = lazy(() => import("@/client/pages/landing"));
const SignedInShell = lazy(() => import("./signed-in-shell"));
const NotFoundPage = lazy(() => import("@/client/pages/not-found"));
const SignInRequiredPage = lazy(() => import("@/client/pages/sign-in-required"));
/** Paths only members can open; a visitor gets the sign-in offer instead of a 404. */
const MEMBER_PATHS =
  /^\/(community|marketplace|meal\/[^/]+|meals\/new|requests|request\/[^/]+|profile|events|admin|reviews|user\/[^/]+|become-a-cook)\/?$/;

function SignedOutRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullScreenSpinner />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          {STATIC_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} component={route.component} />
          ))}
          <Route path={MEMBER_PATHS} component={SignInRequiredPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  const { user, isLoading, error, retry, retrying } = useCurrentUser();
  if (isLoading) return <FullScreenSpinner />;
  if (error) return <AppUnreachable error={error} onRetry={() => void retry()} retrying={retrying} />;
  return (
    <Suspense fallback={<FullScreenSpinner />}>{user ? <SignedInShell /> : <SignedOutRoutes />}</Suspense>
  );
}
