/**
 * Our Impact, `/impact` (docs/features/languages-currency-impact.md): public, what the neighbourhood has
 * shared together, with the estimates' factors and their sources stated on the page.
 */

import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { JoinButton } from "@/client/features/auth";
import { ImpactFigures, useImpact } from "@/client/features/impact";
import { useMessages } from "@/client/lib/messages";
import { CO2E_KG_PER_KG_FOOD, IMPACT_SOURCES, PORTION_KG } from "@/contract/impact";

/** The estimates' assumptions and factors, with their sources. */
function HowWeEstimate() {
  const { t } = useTranslation("info");
  const say = useMessages();
  return (
    <StaticSection title={t("How we estimate")}>
      <ul className="list-disc space-y-2 ps-5 text-muted-foreground">
        <li>
          {t(
            "A portion picked up is a request the cook marked completed; cancelled and declined requests do not count.",
          )}
        </li>
        <li>
          {t(
            "Food kept out of the bin: each portion is assumed to weigh {{grams}} g. This is an assumption (a main-meal portion is typically 300–500 g), not a measurement.",
            { grams: PORTION_KG * 1000 },
          )}
        </li>
        <li>
          {t(
            "Emissions avoided: {{factor}} kg of CO2e per kg of food not wasted. WRAP estimates the UK's food waste after the farm gate at about 10 million tonnes a year, associated with about 20 million tonnes of greenhouse-gas emissions.",
            { factor: CO2E_KG_PER_KG_FOOD },
          )}
        </li>
      </ul>
      <p className="text-sm text-muted-foreground">
        {t("Source:")}{" "}
        {IMPACT_SOURCES.map((source) => (
          <a
            key={source.url}
            href={source.url}
            className="underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            {say(source.label)}
          </a>
        ))}
        .
      </p>
    </StaticSection>
  );
}

export default function ImpactPage() {
  const { t } = useTranslation("info");
  const impact = useImpact();
  return (
    <StaticPage>
      <header className="flex flex-col gap-2">
        <h1 className="text-4xl font-bold">{t("Our Impact")}</h1>
        <p className="text-lg text-muted-foreground">
          {t(
            "Every portion picked up is a meal eaten instead of thrown away. Here is what neighbours have done together.",
          )}
        </p>
      </header>
      {impact.isLoading && <Spinner label={t("Loading the figures")} />}
      {impact.isError && (
        <QueryError
          title={t("Could not load the figures")}
          error={impact.error}
          onRetry={() => impact.refetch()}
          retrying={impact.isRefetching}
        />
      )}
      {impact.data && <ImpactFigures impact={impact.data} />}
      <HowWeEstimate />
      <JoinButton>{t("Share a meal")}</JoinButton>
    </StaticPage>
  );
}
