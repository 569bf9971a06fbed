/**
 * spec §2: any unknown path shows '404 Page Not Found' — for a visitor with the public header and
 * footer, like the static pages (issue 12), for a member inside the navigation.
 */
import { Link } from "wouter";
import { StaticPage } from "@/client/components/layout/static-page";
import { Button } from "@/client/components/ui/button";

export default function NotFoundPage() {
  return (
    <StaticPage>
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-center">
        <h1 className="text-3xl font-bold">404 Page Not Found</h1>
        <p className="text-muted-foreground">The page you asked for isn't here.</p>
        <Button asChild>
          <Link href="/">Go home</Link>
        </Button>
      </div>
    </StaticPage>
  );
}
