/**
 * Settings → Calendar feed (docs/features/notifications.md point 6): a private link calendar apps
 * subscribe to, listing accepted pickups. The link is shown once when made (only its hash is kept);
 * Reset makes a new one and the old stops working; Turn off ends it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";

interface FeedState {
  enabled: boolean;
  url?: string;
}

export function CalendarFeedSettings() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const state = useQuery<FeedState>({ queryKey: ["/api/user/calendar"] });
  const [url, setUrl] = useState<string | null>(null);
  const linkId = useId();
  const change = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async (on: boolean) =>
      (await apiRequest(on ? "PUT" : "DELETE", "/api/user/calendar")).json() as Promise<FeedState>,
    onSuccess: (next) => {
      setUrl(next.url ?? null);
      queryClient.setQueryData(["/api/user/calendar"], { enabled: next.enabled });
    },
  });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("Link copied.") });
    } catch {
      toast({ title: t("Copy the link from the box."), variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Calendar feed")}</h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "Subscribe to your accepted pickups in your calendar app. Keep the link private: anyone with it can see your pickups.",
          )}
        </p>
        {state.isError && (
          <QueryError
            title={t("Could not load your calendar feed")}
            error={state.error}
            onRetry={() => state.refetch()}
            retrying={state.isRefetching}
            compact
          />
        )}
        {url && (
          <div className="flex flex-col gap-1">
            <Label htmlFor={linkId}>{t("Your calendar link (shown once)")}</Label>
            <div className="flex gap-2">
              <Input id={linkId} readOnly value={url} onFocus={(event) => event.target.select()} />
              <Button type="button" variant="outline" onClick={copy}>
                {t("Copy")}
              </Button>
            </div>
          </div>
        )}
        {state.data && (
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={change.isPending}
              onClick={() => change.mutate(true)}
            >
              {state.data.enabled ? t("Reset link") : t("Turn on calendar feed")}
            </Button>
            {state.data.enabled && (
              <Button
                type="button"
                variant="ghost"
                disabled={change.isPending}
                onClick={() => change.mutate(false)}
              >
                {t("Turn off")}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
