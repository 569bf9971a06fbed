/** The signed-out landing page (spec §2 "Landing page"). Every sign-in button goes to /api/login. */

import { LandingHero, LandingSteps, LeftNotice, SharingKinds } from "@/client/features/landing";

export default function LandingPage() {
  return (
    <div className="bg-gradient-to-b from-green-50 to-background">
      <LeftNotice />
      <LandingHero />
      <SharingKinds />
      <LandingSteps />
    </div>
  );
}
