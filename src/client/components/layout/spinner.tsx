import { Loader2 } from "lucide-react";
import { cn } from "@/client/lib/utils";

/** A spinner with an accessible name. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center", className)}>
      <Loader2 className="h-8 w-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** spec §2: the full-screen spinner while the authentication state loads. */
export function FullScreenSpinner() {
  return <Spinner className="min-h-screen" />;
}
