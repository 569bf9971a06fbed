/** The app's providers: the query client, the toaster, and the router. */
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "@/client/components/ui/toaster";
import { queryClient } from "@/client/lib/query-client";
import { AppRouter } from "./router";

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster />
    </QueryClientProvider>
  );
}
