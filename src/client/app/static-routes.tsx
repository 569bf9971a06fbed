/** spec §2 "Static pages": lazily loaded, and part of both route sets. */
import { lazy } from "react";

const AboutPage = lazy(() => import("@/client/pages/about"));
const HowItWorksPage = lazy(() => import("@/client/pages/how-it-works"));
const SafetyPage = lazy(() => import("@/client/pages/safety"));
const HelpPage = lazy(() => import("@/client/pages/help"));
const ImpactPage = lazy(() => import("@/client/pages/impact"));

/** Path and page of each static page. */
export const STATIC_ROUTES = [
  { path: "/about", component: AboutPage },
  { path: "/how-it-works", component: HowItWorksPage },
  { path: "/safety", component: SafetyPage },
  { path: "/help", component: HelpPage },
  { path: "/impact", component: ImpactPage },
];
