/**
 * The frame of the static pages (spec §2 "Static pages"), reachable signed in and out: signed
 * out they get the public header and footer; signed in they sit inside the member navigation.
 */
import { ChefHat } from "lucide-react";
import { Link } from "wouter";
import { SiteFooter } from "@/client/components/layout/site-footer";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";

export function StaticPage({ children }: { children: React.ReactNode }) {
  const { user } = useCurrentUser();
  const content = <div className="mx-auto flex max-w-4xl flex-col gap-10">{children}</div>;
  if (user) return content;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-4">
          <Link href="/" className="flex items-center gap-2 text-lg font-bold text-primary">
            <ChefHat className="h-6 w-6" aria-hidden="true" /> MealShare
          </Link>
          <nav aria-label="Account" className="flex gap-2">
            <Button asChild variant="ghost">
              <a href="/api/login">Sign In</a>
            </Button>
            <Button asChild>
              <a href="/api/login">Sign Up</a>
            </Button>
          </nav>
        </div>
      </header>
      <main className="flex-1 px-4 py-8 sm:py-12">{content}</main>
      <SiteFooter />
    </div>
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
