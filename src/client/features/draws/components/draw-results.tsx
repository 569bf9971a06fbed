/**
 * A draw in plain words (docs/features/fair-shares.md point 2): one sentence per entrant saying what
 * happened to them — portions, a place on the waiting list, or passed over and why — in draw order,
 * the viewer's own marked; before the draw, when it will be made and how many have entered. Entrants
 * are their entry's short id, never a name, so the page is the same for everyone who opens its link.
 */
import { useTranslation } from "react-i18next";
import { useFormat } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import type { DrawResult, DrawView } from "@/contract/draw";

function Sentence({ result, place }: { result: DrawResult; place: number }) {
  const { t } = useTranslation("app");
  if (result.outcome === "portions")
    return <>{t("Place {{place}} got {{count}} portion.", { place, count: result.portions })}</>;
  if (result.outcome === "waiting")
    return (
      <>
        {result.place === 1
          ? t("Place {{place}} is first on the waiting list.", { place })
          : t("Place {{place}} is number {{line}} on the waiting list.", { place, line: result.place })}
      </>
    );
  return (
    <>
      {result.reason === "fair_use"
        ? t("Place {{place}} was passed over: at the fair-use limit.", { place })
        : t("Place {{place}} was passed over: could no longer ask.", { place })}
    </>
  );
}

/** Who may enter, as the cook chose when posting (docs/decisions/020 "One person, one share"). */
export function DrawEligibility({ eligibility }: { eligibility: DrawView["published"]["eligibility"] }) {
  const { t } = useTranslation("app");
  return (
    <p className="text-sm" data-testid="draw-eligibility">
      {eligibility === "neighbours"
        ? t("Open to neighbours with a completed exchange.")
        : t("Open to everyone.")}
    </p>
  );
}

/** How many got portions and how many wait, in two sentences (the page, and the cook's panel). */
export function DrawTally({ results }: { results: readonly DrawResult[] }) {
  const { t } = useTranslation("app");
  const count = (outcome: DrawResult["outcome"]) =>
    results.filter((result) => result.outcome === outcome).length;
  return (
    <>
      {t("{{count}} entrant got portions.", { count: count("portions") })}{" "}
      {t("{{count}} entrant is on the waiting list.", { count: count("waiting") })}
    </>
  );
}

export function DrawResults({ draw }: { draw: DrawView }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { published, mine } = draw;
  if (published.drawnAt === null)
    return (
      <div className="flex flex-col gap-1">
        <p className="text-lg" data-testid="draw-summary">
          {t("The draw is made at {{time}}.", { time: f.when(published.closesAt) })}{" "}
          {t("{{count}} neighbour has entered.", { count: draw.entries })}
        </p>
        <DrawEligibility eligibility={published.eligibility} />
      </div>
    );
  const results = published.results;
  if (!results) return null;
  return (
    <section aria-labelledby="draw-results" className="flex flex-col gap-3">
      <h2 id="draw-results" className="text-lg font-semibold">
        {t("What happened")}
      </h2>
      <DrawEligibility eligibility={published.eligibility} />
      <p data-testid="draw-summary">
        <DrawTally results={results} />
      </p>
      <ol className="flex flex-col gap-1" data-testid="draw-results">
        {results.map((result, index) => {
          const yours = result.id === mine?.id;
          return (
            <li
              key={result.id}
              className={cn("rounded-md px-2 py-1", yours && "bg-primary/10 font-semibold")}
            >
              <Sentence result={result} place={index + 1} />{" "}
              <span className="text-sm text-muted-foreground">
                {yours ? t("That is you.") : t("Entry {{entry}}", { entry: result.id.slice(0, 8) })}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
