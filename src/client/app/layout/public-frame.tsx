/**
 * The frame of every signed-out page (spec §2 "Landing page", "Static pages"): the public header,
 * the page, and the footer with the newsletter form. Signed in, pages sit in the member navigation
 * instead (signed-in-shell.tsx).
 */
import { PublicHeader } from "@/client/components/layout/public-header";
import { MAIN_ID, SkipLink } from "@/client/components/layout/skip-link";
import { SiteFooter } from "./site-footer";

export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <div className="border-b bg-background">
        <PublicHeader />
      </div>
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
