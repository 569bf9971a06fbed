/**
 * Settings → Hidden from your lists (docs/features/everyday-journey.md "Not interested"):
 * the meals and cooks the member hid, each with "Show again".
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useDisplayName } from "@/client/lib/display-name";
import { type HideChange, useHidden, useHide } from "../api/not-interested";

/** A hidden meal or cook, as Settings lists it. */
interface HiddenRow {
  kind: HideChange["kind"];
  id: string;
  label: string;
  href: string;
}

/** The hidden meals and cooks, each with "Show again". */
function HiddenRows({ rows }: { rows: HiddenRow[] }) {
  const { t } = useTranslation("app");
  const hide = useHide();
  const showAgain = (change: Omit<HideChange, "hidden">) => hide.mutate({ ...change, hidden: false });
  return (
    <ul className="flex flex-col gap-2" data-testid="hidden-from-lists">
      {rows.map((row) => (
        <li key={`${row.kind}:${row.id}`} className="flex items-center justify-between gap-2">
          <Link href={row.href} className="min-w-0 break-words hover:underline">
            {row.label}
          </Link>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0"
            disabled={hide.isPending}
            aria-label={t("Show again: {{what}}", { what: row.label })}
            onClick={() => showAgain({ kind: row.kind, id: row.id })}
          >
            {t("Show again")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Settings → Hidden from your lists. */
export function HiddenFromLists() {
  const { t } = useTranslation("app");
  const hidden = useHidden();
  const displayName = useDisplayName();
  const rows: HiddenRow[] = [
    ...(hidden.data?.cooks ?? []).map((cook) => ({
      kind: "cooks" as const,
      id: cook.id,
      label: t("Meals from {{name}}", { name: displayName(cook) }),
      href: `/user/${cook.id}`,
    })),
    ...(hidden.data?.meals ?? []).map((meal) => ({
      kind: "meals" as const,
      id: meal.id,
      label: meal.title,
      href: `/meal/${meal.id}`,
    })),
  ];
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Hidden from your lists")}</h2>
        {hidden.isLoading && <Spinner label={t("Loading what you hid")} />}
        {hidden.isError && (
          <QueryError
            title={t("Could not load what you hid")}
            error={hidden.error}
            onRetry={() => hidden.refetch()}
            retrying={hidden.isRefetching}
            compact
          />
        )}
        {hidden.data && rows.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {t(
              "Nothing. \"Not interested\" in a meal's menu hides it, or all of a cook's meals, from your lists.",
            )}
          </p>
        )}
        {rows.length > 0 && <HiddenRows rows={rows} />}
      </CardContent>
    </Card>
  );
}
