/**
 * The frame of the static pages (spec §2 "Static pages"), reachable signed in and out: signed
 * out they get the public header and footer; signed in they sit inside the member navigation.
 */
import { Link } from "wouter";
import { PublicHeader } from "@/client/components/layout/public-header";
import { SiteFooter } from "@/client/components/layout/site-footer";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "@/client/features/auth";

export function StaticPage({ children }: { children: React.ReactNode }) {
  const { user } = useCurrentUser();
  const content = <div className="mx-auto flex max-w-4xl flex-col gap-10">{children}</div>;
  if (user) return content;
  return (
    <div className="flex min-h-screen flex-col">
      <div className="border-b">
        <PublicHeader />
      </div>
      <main className="flex-1 px-4 py-8 sm:py-12">{content}</main>
      <SiteFooter />
    </div>
  );
}

/**
 * A static page's call to action: the sign-in form for a visitor, Home for a member
 * (docs/features/everyday-journey.md: a member was sent through sign-in again).
 */
export function JoinButton({ children }: { children: React.ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <Button asChild size="lg">
      {user ? <Link href="/">{children}</Link> : <a href="/api/login">{children}</a>}
    </Button>
  );
}

/** A titled section of a static page. */
export function StaticSection({
  title,
  children,
  id,
}: {
  title: string;
  children: React.ReactNode;
  id?: string;
}) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="flex flex-col gap-4">
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
