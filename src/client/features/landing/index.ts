/** The signed-out landing page's sections (spec §2 "Landing page"). */
export { LandingHero } from "./components/landing-hero";
export { LandingSteps } from "./components/landing-steps";
export { LEFT_NOTICE_KEY, LeftNotice } from "./components/left-notice";
export { SharingKinds } from "./components/sharing-kinds";
