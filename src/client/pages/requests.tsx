/**
 * Requests (spec §2 "Requests"): Incoming and My Requests tabs with counts. It opens on the tab
 * last chosen; the first time, on Incoming for someone who has posted meals and on My Requests for
 * everyone else (docs/features/everyday-journey.md: an eater landed on an empty Incoming tab).
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { FairUseLine } from "@/client/features/draws";
import { SavedMeals, useMyMeals } from "@/client/features/meals";
import { RequestCard, useRequests } from "@/client/features/requests";

const TAB_KEY = "mealshare.requests.tab";
type Tab = "incoming" | "outgoing" | "saved";

function rememberedTab(): Tab | null {
  try {
    const tab = localStorage.getItem(TAB_KEY);
    return tab === "incoming" || tab === "outgoing" || tab === "saved" ? tab : null;
  } catch {
    return null;
  }
}

export default function RequestsPage() {
  const { t } = useTranslation("app");
  const incoming = useRequests("incoming");
  const outgoing = useRequests("outgoing");
  const myMeals = useMyMeals();
  const [chosen, setChosen] = useState<Tab | null>(rememberedTab);
  const count = (q: typeof incoming) => `${q.requests.length}${q.hasNextPage ? "+" : ""}`;
  const choose = (value: string) => {
    const tab: Tab = value === "incoming" || value === "saved" ? value : "outgoing";
    setChosen(tab);
    try {
      localStorage.setItem(TAB_KEY, tab);
    } catch {}
  };
  if (!chosen && myMeals.isLoading) return <Spinner className="py-12" label={t("Loading requests")} />;
  const tab: Tab = chosen ?? (myMeals.meals.length > 0 ? "incoming" : "outgoing");

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold">{t("Requests")}</h1>
        <FairUseLine />
      </div>
      <Tabs value={tab} onValueChange={choose}>
        {/* Three tabs wrap on a phone rather than push the page sideways (German runs longest). */}
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="incoming">
            {t("Incoming ({{number}})", { number: count(incoming) })}
          </TabsTrigger>
          <TabsTrigger value="outgoing">
            {t("My Requests ({{number}})", { number: count(outgoing) })}
          </TabsTrigger>
          <TabsTrigger value="saved">{t("Saved")}</TabsTrigger>
        </TabsList>
        <TabsContent value="saved">
          <SavedMeals />
        </TabsContent>
        <TabsContent value="incoming">
          <RequestList
            query={incoming}
            viewerIs="feeder"
            empty={
              <EmptyState
                title={t("No incoming requests")}
                text={t("When neighbours request your meals, they show up here.")}
              >
                <Button asChild>
                  <Link href="/meals/new">{t("Create a Meal")}</Link>
                </Button>
              </EmptyState>
            }
          />
        </TabsContent>
        <TabsContent value="outgoing">
          <RequestList
            query={outgoing}
            viewerIs="eater"
            empty={
              <EmptyState
                title={t("No requests yet")}
                text={t("Find a meal you like and send the cook a request.")}
              >
                <Button asChild>
                  <Link href="/community">{t("Browse Meals")}</Link>
                </Button>
              </EmptyState>
            }
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function RequestList({
  query,
  viewerIs,
  empty,
}: {
  query: ReturnType<typeof useRequests>;
  viewerIs: "feeder" | "eater";
  empty: React.ReactNode;
}) {
  const { t } = useTranslation("app");
  if (query.isLoading) return <Spinner className="py-12" label={t("Loading requests")} />;
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <QueryError
        title={t("Could not load requests")}
        error={query.error}
        onRetry={() => query.refetch()}
        retrying={query.isRefetching}
      />
    );
  }
  if (query.requests.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {query.requests.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} viewerIs={viewerIs} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} errorTitle={t("Could not load more requests")} />
    </div>
  );
}
