/**
 * The route table (spec §2 "Route sets"), built once: the members' pages and the pages for everyone,
 * each its own lazily loaded chunk. The signed-in shell serves both; signed out, the static pages are
 * served and a member page offers sign-in instead of a 404 (router.tsx).
 */
import { type ComponentType, lazy } from "react";

/** A path (wouter's syntax), the page it shows, and how its code is fetched ahead of showing it. */
export interface AppRoute {
  path: string;
  component: ComponentType;
  load: () => Promise<unknown>;
}

/** A lazily loaded page whose chunk can also be fetched before it renders (`preloadRoute`). */
const page = (load: () => Promise<{ default: ComponentType }>) => ({ load, component: lazy(load) });

/** The members' pages. Home ("/") is the landing page signed out. */
export const MEMBER_ROUTES: AppRoute[] = [
  { path: "/", ...page(() => import("@/client/pages/home")) },
  { path: "/community", ...page(() => import("@/client/pages/community")) },
  { path: "/marketplace", ...page(() => import("@/client/pages/marketplace")) },
  { path: "/meal/:id", ...page(() => import("@/client/pages/meal-detail")) },
  { path: "/meal/:id/edit", ...page(() => import("@/client/pages/edit-meal")) },
  // docs/features/handover.md point 3
  { path: "/meal/:id/label", ...page(() => import("@/client/pages/meal-label")) },
  // docs/features/fair-shares.md point 2
  { path: "/meal/:id/draw", ...page(() => import("@/client/pages/meal-draw")) },
  { path: "/meals/new", ...page(() => import("@/client/pages/create-meal")) },
  { path: "/requests", ...page(() => import("@/client/pages/requests")) },
  { path: "/request/:id", ...page(() => import("@/client/pages/request-thread")) },
  { path: "/profile", ...page(() => import("@/client/pages/profile")) },
  { path: "/events", ...page(() => import("@/client/pages/events")) },
  { path: "/admin", ...page(() => import("@/client/pages/admin")) },
  { path: "/reviews", ...page(() => import("@/client/pages/reviews")) },
  { path: "/user/:id", ...page(() => import("@/client/pages/user-profile")) },
  { path: "/become-a-cook", ...page(() => import("@/client/pages/become-a-cook")) },
  // docs/features/groups.md
  { path: "/groups", ...page(() => import("@/client/pages/groups")) },
  { path: "/groups/new", ...page(() => import("@/client/pages/group-new")) },
  { path: "/groups/:id", ...page(() => import("@/client/pages/group")) },
  { path: "/join/:token", ...page(() => import("@/client/pages/join")) },
];

/** Pages for everyone: spec §2's static pages, the impact page, an email's unsubscribe link, a label. */
export const STATIC_ROUTES: AppRoute[] = [
  { path: "/about", ...page(() => import("@/client/pages/about")) },
  { path: "/how-it-works", ...page(() => import("@/client/pages/how-it-works")) },
  { path: "/safety", ...page(() => import("@/client/pages/safety")) },
  { path: "/help", ...page(() => import("@/client/pages/help")) },
  { path: "/impact", ...page(() => import("@/client/pages/impact")) },
  { path: "/unsubscribe", ...page(() => import("@/client/pages/unsubscribe")) },
  // A container label's QR code opens this (docs/features/handover.md point 3).
  { path: "/label/:token", ...page(() => import("@/client/pages/label")) },
];

/** The page for a path nothing else serves. */
export const NotFoundPage = lazy(() => import("@/client/pages/not-found"));
