/**
 * The frame of every signed-out page (spec §2 "Landing page", "Static pages"): the public header,
 * the page, and the footer with the newsletter form. Signed in, pages sit in the member navigation
 * instead (signed-in-shell.tsx).
 */
import { PublicHeader } from "@/client/components/layout/public-header";
import { SiteFooter } from "./site-footer";

export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <div className="border-b bg-background">
        <PublicHeader />
      </div>
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
