/**
 * The route table (spec §2 "Route sets"), built once: the members' pages and the pages for everyone,
 * each its own lazily loaded chunk. The signed-in shell serves both; signed out, the static pages are
 * served and a member page offers sign-in instead of a 404 (router.tsx).
 */
import { type ComponentType, lazy } from "react";

/** A path (wouter's syntax) and the page it shows. */
export interface AppRoute {
  path: string;
  component: ComponentType;
}

/** The members' pages. Home ("/") is the landing page signed out. */
export const MEMBER_ROUTES: AppRoute[] = [
  { path: "/", component: lazy(() => import("@/client/pages/home")) },
  { path: "/community", component: lazy(() => import("@/client/pages/community")) },
  { path: "/marketplace", component: lazy(() => import("@/client/pages/marketplace")) },
  { path: "/meal/:id", component: lazy(() => import("@/client/pages/meal-detail")) },
  { path: "/meal/:id/edit", component: lazy(() => import("@/client/pages/edit-meal")) },
  // docs/features/handover.md point 3
  { path: "/meal/:id/label", component: lazy(() => import("@/client/pages/meal-label")) },
  // docs/features/fair-shares.md point 2
  { path: "/meal/:id/draw", component: lazy(() => import("@/client/pages/meal-draw")) },
  { path: "/meals/new", component: lazy(() => import("@/client/pages/create-meal")) },
  { path: "/requests", component: lazy(() => import("@/client/pages/requests")) },
  { path: "/request/:id", component: lazy(() => import("@/client/pages/request-thread")) },
  { path: "/profile", component: lazy(() => import("@/client/pages/profile")) },
  { path: "/events", component: lazy(() => import("@/client/pages/events")) },
  { path: "/admin", component: lazy(() => import("@/client/pages/admin")) },
  { path: "/reviews", component: lazy(() => import("@/client/pages/reviews")) },
  { path: "/user/:id", component: lazy(() => import("@/client/pages/user-profile")) },
  { path: "/become-a-cook", component: lazy(() => import("@/client/pages/become-a-cook")) },
  // docs/features/groups.md
  { path: "/groups", component: lazy(() => import("@/client/pages/groups")) },
  { path: "/groups/new", component: lazy(() => import("@/client/pages/group-new")) },
  { path: "/groups/:id", component: lazy(() => import("@/client/pages/group")) },
  { path: "/join/:token", component: lazy(() => import("@/client/pages/join")) },
];

/** Pages for everyone: spec §2's static pages, the impact page, an email's unsubscribe link, a label. */
export const STATIC_ROUTES: AppRoute[] = [
  { path: "/about", component: lazy(() => import("@/client/pages/about")) },
  { path: "/how-it-works", component: lazy(() => import("@/client/pages/how-it-works")) },
  { path: "/safety", component: lazy(() => import("@/client/pages/safety")) },
  { path: "/help", component: lazy(() => import("@/client/pages/help")) },
  { path: "/impact", component: lazy(() => import("@/client/pages/impact")) },
  { path: "/unsubscribe", component: lazy(() => import("@/client/pages/unsubscribe")) },
  // A container label's QR code opens this (docs/features/handover.md point 3).
  { path: "/label/:token", component: lazy(() => import("@/client/pages/label")) },
];

/** The page for a path nothing else serves. */
export const NotFoundPage = lazy(() => import("@/client/pages/not-found"));
