/** spec §2: any unknown path shows '404 Page Not Found'. */
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";

export default function NotFoundPage() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you asked for isn't here.</p>
      <Button asChild>
        <Link href="/">Go home</Link>
      </Button>
    </main>
  );
}
