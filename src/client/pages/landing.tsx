/** The signed-out landing page (spec §2 "Landing page"). Every sign-in button goes to /api/login. */

import { PublicHeader } from "@/client/components/layout/public-header";
import { SiteFooter } from "@/client/components/layout/site-footer";
import { LandingHero, LandingSteps, SharingKinds } from "@/client/features/landing";

export default function LandingPage() {
  return (
    <div className="min-h-screen bg-gradient-to-b from-green-50 to-background">
      <PublicHeader />
      <main>
        <LandingHero />
        <SharingKinds />
        <LandingSteps />
      </main>
      <SiteFooter />
    </div>
  );
}
