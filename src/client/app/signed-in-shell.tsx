/**
 * The signed-in app: navigation bar and member routes, one lazily loaded chunk (spec §2), the
 * live-update stream that keeps their data current, and the offer of push notifications.
 */
import { Suspense, useEffect } from "react";
import { Route, Switch } from "wouter";
import { RouteErrorBoundary } from "@/client/components/layout/route-error-boundary";
import { MAIN_ID, SkipLink } from "@/client/components/layout/skip-link";
import { Spinner } from "@/client/components/layout/spinner";
import { DeletionBanner } from "@/client/features/account";
import { useCurrentUser } from "@/client/features/auth";
import { useLiveUpdates } from "@/client/features/live";
import { PushPrompt, syncPush } from "@/client/features/notifications";
import { useAccountLanguage } from "@/client/features/users";
import { NavBar } from "./layout/nav-bar";
import { LIVE_SUBSCRIBERS } from "./live";
import { NotFoundPage, SHELL_ROUTES, useMemberPageData } from "./routes";

export default function SignedInShell() {
  useLiveUpdates(LIVE_SUBSCRIBERS);
  useMemberPageData();
  const { user } = useCurrentUser();
  const userId = user?.id;
  useAccountLanguage(user);
  // This device's push state, and the server's copy of its subscription for this session.
  useEffect(() => {
    if (userId) void syncPush(userId);
  }, [userId]);
  return (
    <div className="min-h-screen">
      <SkipLink />
      <NavBar />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 outline-none sm:py-8">
        {user && <DeletionBanner user={user} />}
        <PushPrompt />
        <RouteErrorBoundary>
          <Suspense fallback={<Spinner className="py-24" />}>
            <Switch>
              {SHELL_ROUTES.map((route) => (
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
