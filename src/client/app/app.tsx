/** The app's providers: the query client, the offline banner, the toaster, and the router. */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { OfflineBanner } from "@/client/components/layout/offline-banner";
import { toast } from "@/client/components/ui/use-toast";
import { registerServiceWorker, whenIdle } from "@/client/lib/idle";
import { setNoticeHandler } from "@/client/lib/notices";
import { AppRouter } from "./router";

// The toaster (Radix toast) is not needed to paint the first page: it loads once the browser is idle
// after it (lib/idle.ts), and toasts raised before it arrives wait in the toast store until it
// renders them.
const Toaster = lazy(() => import("@/client/components/ui/toaster").then((m) => ({ default: m.Toaster })));

// Notices from lib/ (errors, "signed out") are toasts.
setNoticeHandler((notice) => toast(notice));

/**
 * The toaster, once the browser is idle after the first screen. Its own state: mounting it re-renders
 * nothing else (held by the App, the whole page was drawn again then, in one task).
 */
function IdleToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** @param client the query client of this render (app-root.tsx) */
export function App({ client }: { client: QueryClient }) {
  // After the first render is committed: a first screen the server drew answers from now on (its root
  // said it did not yet: src/server/plugins/client.ts; a part still hydrating below a Suspense boundary
  // is hydrated first by React when pressed, and the press replayed); then, once idle, the service
  // worker.
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("aria-disabled");
    whenIdle(registerServiceWorker);
  }, []);
  return (
    <QueryClientProvider client={client}>
      <OfflineBanner />
      <AppRouter />
      <IdleToaster />
    </QueryClientProvider>
  );
}
