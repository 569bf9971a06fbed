/**
 * A static page's call to action: the sign-in form for a visitor, Home for a member
 * (docs/features/everyday-journey.md: a member was sent through sign-in again).
 */
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { useCurrentUser } from "../api/get-current-user";

export function JoinButton({ children }: { children: React.ReactNode }) {
  const { user } = useCurrentUser();
  return (
    <Button asChild size="lg">
      {user ? <Link href="/">{children}</Link> : <a href="/api/login">{children}</a>}
    </Button>
  );
}
