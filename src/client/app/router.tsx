/**
 * Routing (spec §2 "Route sets"): the signed-in or signed-out set of the one route table
 * (routes.ts), chosen once the current user is known; every page is its own lazily loaded chunk,
 * and a page that throws while rendering shows an error with Retry in its place.
 */

import type { i18n as I18n } from "i18next";
import { Suspense } from "react";
import { lazyWithPreload } from "react-lazy-with-preload";
import { parse } from "regexparam";
import { matchRoute, Route, Switch, useRoute } from "wouter";
import { AppUnreachable } from "@/client/components/layout/app-unreachable";
import { RouteErrorBoundary } from "@/client/components/layout/route-error-boundary";
import { FullScreenSpinner } from "@/client/components/layout/spinner";
import { useCurrentUser } from "@/client/features/auth";
import { i18n } from "@/client/lib/i18n";
import type { CurrentUser } from "@/contract/auth";
import { firstCatalogues } from "@/contract/pages";
import { PublicFrame } from "./layout/public-frame";
import { type AppRoute, MEMBER_ROUTES, NotFoundPage, SHELL_ROUTES, STATIC_ROUTES } from "./routes";

// Preloadable: fetched ahead (preloadPage), they render without suspending (routes.ts says why).
const LandingPage = lazyWithPreload(() => import("@/client/pages/landing"));
const SignedInShell = lazyWithPreload(() => import("./signed-in-shell"));
const SignInRequiredPage = lazyWithPreload(() => import("@/client/pages/sign-in-required"));
const SharedMealPage = lazyWithPreload(() => import("@/client/pages/shared-meal"));
const PickupPassPage = lazyWithPreload(() => import("@/client/pages/pickup-pass"));

/** Members' pages that are open signed out too, as they are. */
const OPEN_MEMBER_PATHS = ["/meal/:id/draw"];

/** A signed-out page's column inside the public frame. */
const padded = (Page: React.ComponentType) => () => (
  <div className="px-4 py-8 sm:py-12">
    <Page />
  </div>
);
const PaddedSignInRequired = padded(SignInRequiredPage);
const PaddedSharedMeal = padded(SharedMealPage);
const PaddedNotFound = padded(NotFoundPage);

/**
 * What the signed-out Switch serves, in its order, and how each path's code is fetched ahead
 * (`preloadPage`): the landing page, the static pages, a shared meal link with its title and photo
 * and sign-in (docs/features/everyday-journey.md), and for any other member's
 * page the offer to sign in, not a 404.
 */
const SIGNED_OUT_ROUTES: AppRoute[] = [
  { path: "/", component: LandingPage, load: LandingPage.preload },
  ...STATIC_ROUTES.map((route) => ({ ...route, component: padded(route.component) })),
  { path: "/meal/:id", component: PaddedSharedMeal, load: SharedMealPage.preload },
  // An open draw anyone can check, by its link (docs/features/fair-shares.md point 2): no names on it.
  ...MEMBER_ROUTES.filter((route) => OPEN_MEMBER_PATHS.includes(route.path)).map((route) => ({
    ...route,
    component: padded(route.component),
  })),
  ...MEMBER_ROUTES.filter((route) => route.path !== "/" && !OPEN_MEMBER_PATHS.includes(route.path)).map(
    (route) => ({
      path: route.path,
      component: PaddedSignInRequired,
      load: SignInRequiredPage.preload,
    }),
  ),
];

function SignedOutRoutes() {
  return (
    <PublicFrame>
      <RouteErrorBoundary>
        <Suspense fallback={<FullScreenSpinner />}>
          <Switch>
            {SIGNED_OUT_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
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
 * Fetches the code of the page at `path` and the catalogues it speaks (`firstCatalogues`) as soon as
 * `user` tells who is signed in (main.tsx): for a member the signed-in shell and their page together,
 * instead of one after the other after the first render (docs/decisions/015 "Phones"); for a visitor
 * the page the signed-out routes show there; the pickup pass's at once, as it does not wait for the
 * sign-in check (AppRouter), and opens offline.
 *
 * Resolves when they have arrived or failed (a page whose code failed shows its error when it
 * renders), and at once when the server could not be asked (`user` undefined): the app renders after
 * it, so the page shows in its first render instead of behind a spinner that React would keep for at
 * least 300 ms (routes.ts).
 * @param user the sign-in check's answer: the member, null when signed out, undefined when unanswered
 * @param i18nStarted i18next's start (lib/i18n.ts `startI18n`), after which a catalogue can load
 * @param speaker the i18next instance whose language the catalogues are for (the server's render's own)
 */
export async function preloadPage(
  path: string,
  user: Promise<CurrentUser | null | undefined>,
  i18nStarted: Promise<void>,
  speaker: I18n = i18n,
): Promise<void> {
  const matches = (route: { path: string }) => matchRoute(parse, route.path, path)[0];
  const settled = async (...loads: (Promise<unknown> | undefined)[]) =>
    void (await Promise.allSettled(loads));
  const words = (signedIn: boolean) =>
    i18nStarted.then(() => speaker.loadNamespaces(firstCatalogues(path, signedIn)));
  if (matches({ path: "/pass/:id" })) return settled(PickupPassPage.preload(), words(false));
  const known = await user;
  if (known === undefined) return;
  // The route each Switch picks for the path, or its not-found page.
  const route = (known ? SHELL_ROUTES : SIGNED_OUT_ROUTES).find(matches);
  const page = route ? route.load() : NotFoundPage.preload();
  return settled(words(known !== null), page, known ? SignedInShell.preload() : undefined);
}
