/**
 * A meal's draw, `/meal/:id/draw` (docs/features/fair-shares.md point 2), for anyone with its link,
 * signed in or out: what happened to each entrant in plain words, then everything the draw published,
 * checked in the reader's browser.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { DrawCheck, DrawResults, useDraw } from "@/client/features/draws";

export default function MealDrawPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const draw = useDraw(id);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <Link href={`/meal/${id}`} className="text-sm underline">
        {t("Back to the meal")}
      </Link>
      <h1 className="text-2xl font-bold">{t("The draw")}</h1>
      {draw.isLoading && <Spinner label={t("Loading the draw")} />}
      {draw.isError && (
        <QueryError
          title={t("Could not load the draw")}
          error={draw.error}
          onRetry={() => draw.refetch()}
          retrying={draw.isRefetching}
        />
      )}
      {draw.data && (
        <>
          <DrawResults draw={draw.data} />
          <DrawCheck draw={draw.data} />
        </>
      )}
    </div>
  );
}
