/**
 * A draw on the meal's page (docs/features/fair-shares.md point 1): when it is made and how many
 * entered; for a neighbour, Enter the draw with the portions wanted (or leave it) and the ticket rule;
 * for the cook, Draw now. Once made, a link to how it was made, which anyone can check. Whether the
 * viewer may enter or leave is the meal's `abilities` (the server's one decision), with its reason.
 */
import { Dices } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { QueryError } from "@/client/components/layout/query-error";
import { RefusalNote } from "@/client/components/refusal-note";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { NewcomerNote } from "@/client/features/trust";
import { useFormat } from "@/client/lib/format";
import type { DrawView } from "@/contract/draw";
import type { MealDetail } from "@/contract/meals";
import { TICKET_BONUS_AFTER_MS } from "@/contract/plain/draw";
import { useDraw, useDrawNow, useEnterDraw, useLeaveDraw } from "../api/draws";
import { DrawEligibility, DrawTally } from "./draw-results";

/** What the viewer's own entry came to, once the draw is made: portions won, or why passed over. */
function MyOutcome({ meal, draw }: { meal: MealDetail; draw: DrawView }) {
  const { t } = useTranslation("app");
  const myResult = draw.published.results?.find((result) => result.id === draw.mine?.id);
  if (myResult?.outcome === "portions")
    return (
      // The winner's news in words, and where the pickup is arranged (not "Request sent").
      <div
        className="flex flex-col gap-2 rounded-md border-2 border-green-700 bg-green-50 p-3"
        data-testid="draw-won"
      >
        <p className="font-semibold">
          {t("You got {{count}} portion in the draw.", { count: myResult.portions })}
        </p>
        {meal.myOpenRequestId && (
          <Button asChild className="self-start">
            <Link href={`/request/${meal.myOpenRequestId}`}>{t("Arrange the pickup")}</Link>
          </Button>
        )}
      </div>
    );
  if (myResult?.outcome === "passed_over")
    return (
      <p className="font-medium">
        {myResult.reason === "fair_use"
          ? t("Your place was passed over: you were at the fair-use limit when the draw was made.")
          : t("Your place was passed over: you could no longer ask for this meal.")}
      </p>
    );
  return null;
}

/** The cook's side: Draw now, asked once more (a draw cannot be undone), or the tally once made. */
function CookControls({ meal, draw }: { meal: MealDetail; draw: DrawView }) {
  const { t } = useTranslation("app");
  const drawNow = useDrawNow(meal.id);
  const [confirming, setConfirming] = useState(false);
  const { published, entries } = draw;
  if (published.drawnAt !== null)
    return published.results ? (
      <p className="text-sm" data-testid="draw-owner-summary">
        <DrawTally results={published.results} />{" "}
        <Link href="/requests" className="font-medium underline">
          {t("See who in Requests")}
        </Link>
      </p>
    ) : null;
  return (
    <>
      <Button
        type="button"
        className="self-start"
        disabled={!draw.abilities.drawNow.allowed || drawNow.isPending}
        onClick={() => setConfirming(true)}
      >
        {t("Draw now")}
      </Button>
      {/* A draw cannot be undone: it is asked once more (docs/features/everyday-journey.md). */}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("Make the draw now?")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t(
                "The {{count}} entries are drawn at once, before the set time, and the winners are told. A draw cannot be undone.",
                { count: entries },
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("Not yet")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => drawNow.mutate()}>{t("Draw now")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

/** Entering with the portions wanted, as the meal's `enterDraw` ability allows, or why not. */
function EnterDraw({ meal }: { meal: MealDetail }) {
  const { t } = useTranslation("app");
  const portionsId = useId();
  const enter = useEnterDraw(meal.id);
  const [portions, setPortions] = useState(1);
  if (!meal.abilities.enterDraw.allowed) return <RefusalNote ability={meal.abilities.enterDraw} />;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={portionsId}>{t("Portions")}</Label>
        <select
          id={portionsId}
          className="h-10 rounded-md border bg-background px-3"
          value={portions}
          onChange={(event) => setPortions(Number(event.target.value))}
        >
          {Array.from({ length: Math.min(meal.portionSize, 10) }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <Button type="button" disabled={enter.isPending} onClick={() => enter.mutate(portions)}>
        {t("Enter the draw")}
      </Button>
    </div>
  );
}

/** A neighbour's side before the draw: their entry and Leave, or Enter; and the ticket rule. */
function EntrantControls({ meal, draw }: { meal: MealDetail; draw: DrawView }) {
  const { t } = useTranslation("app");
  const leave = useLeaveDraw(meal.id);
  const { mine, ticketsIfEntered } = draw;
  return (
    <>
      {mine ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-medium">
            {t("You are in the draw for {{count}} portions.", { count: mine.portions })}
          </p>
          {meal.abilities.leaveDraw.allowed ? (
            <Button type="button" variant="outline" disabled={leave.isPending} onClick={() => leave.mutate()}>
              {t("Leave the draw")}
            </Button>
          ) : (
            <RefusalNote ability={meal.abilities.leaveDraw} className="text-sm text-muted-foreground" />
          )}
        </div>
      ) : (
        <>
          <EnterDraw meal={meal} />
          <NewcomerNote limit="drawEntries" />
        </>
      )}
      <p className="text-sm text-muted-foreground">
        {t(
          "You have {{count}} tickets. Everyone gets one ticket, and two if they have had no free meal in the last {{days}} days; an account on its first day gets one.",
          { count: ticketsIfEntered, days: TICKET_BONUS_AFTER_MS / 86_400_000 },
        )}
      </p>
    </>
  );
}

export function DrawPanel({ meal }: { meal: MealDetail }) {
  const isOwner = meal.yours;
  const { t } = useTranslation("app");
  const f = useFormat();
  const draw = useDraw(meal.id);
  if (draw.isError)
    return (
      <QueryError
        title={t("Could not load the draw")}
        error={draw.error}
        onRetry={() => draw.refetch()}
        retrying={draw.isRefetching}
      />
    );
  if (!draw.data) return null;
  const { published, entries } = draw.data;
  const made = published.drawnAt !== null;
  return (
    <Card data-testid="draw-panel">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Dices className="h-5 w-5" aria-hidden="true" />
          {made
            ? t("The draw was made {{when}}", { when: f.when(published.drawnAt!) })
            : t("Draw at {{time}} — enter by then", { time: f.when(published.closesAt) })}
        </h2>
        <p className="text-sm" data-testid="draw-entries">
          {t("{{count}} neighbours entered", { count: entries })}
        </p>
        <DrawEligibility eligibility={published.eligibility} />
        {made && <MyOutcome meal={meal} draw={draw.data} />}
        {isOwner && <CookControls meal={meal} draw={draw.data} />}
        {!made && !isOwner && <EntrantControls meal={meal} draw={draw.data} />}
        <Link href={`/meal/${meal.id}/draw`} className="text-sm font-medium underline">
          {made ? t("What happened in the draw, and its check") : t("How this draw works")}
        </Link>
      </CardContent>
    </Card>
  );
}

/**
 * What is shown only once a meal's draw is made (the request form, for what is left and the viewer's
 * own request): before, its portions are entered for, not requested.
 */
export function AfterDraw({ mealId, children }: { mealId: string; children: React.ReactNode }) {
  const draw = useDraw(mealId);
  const data = draw.data;
  if (!data?.published.drawnAt) return null;
  // A winner's next step is in the draw's own panel ("You got 2 portions"), not a "Request sent".
  const mine = data.published.results?.find((result) => result.id === data.mine?.id);
  return mine?.outcome === "portions" ? null : children;
}
