/**
 * How this draw was made, `/meal/:id/draw` (docs/features/fair-shares.md point 2): everything the draw
 * published, checked in the reader's browser.
 */
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { DrawCheck, useDraw } from "@/client/features/draws";

export default function MealDrawPage() {
  const { t } = useTranslation("app");
  const { id = "" } = useParams<{ id: string }>();
  const draw = useDraw(id);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
      <Link href={`/meal/${id}`} className="text-sm underline">
        {t("Back to the meal")}
      </Link>
      <h1 className="text-2xl font-bold">{t("How this draw was made")}</h1>
      {draw.isLoading && <Spinner label={t("Loading the draw")} />}
      {draw.isError && (
        <QueryError
          title={t("Could not load the draw")}
          error={draw.error}
          onRetry={() => draw.refetch()}
          retrying={draw.isRefetching}
        />
      )}
      {draw.data && <DrawCheck draw={draw.data} />}
    </main>
  );
}
