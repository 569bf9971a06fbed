/**
 * Pages for everyone, part of both route sets and lazily loaded: spec §2's static pages, the impact
 * page, and the page of an email's unsubscribe link (which works without signing in).
 */
import { lazy } from "react";

const AboutPage = lazy(() => import("@/client/pages/about"));
const HowItWorksPage = lazy(() => import("@/client/pages/how-it-works"));
const SafetyPage = lazy(() => import("@/client/pages/safety"));
const HelpPage = lazy(() => import("@/client/pages/help"));
const ImpactPage = lazy(() => import("@/client/pages/impact"));
const UnsubscribePage = lazy(() => import("@/client/pages/unsubscribe"));

/** Path and page of each static page. */
export const STATIC_ROUTES = [
  { path: "/about", component: AboutPage },
  { path: "/how-it-works", component: HowItWorksPage },
  { path: "/safety", component: SafetyPage },
  { path: "/help", component: HelpPage },
  { path: "/impact", component: ImpactPage },
  { path: "/unsubscribe", component: UnsubscribePage },
];
