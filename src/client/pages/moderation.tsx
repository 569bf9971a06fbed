/**
 * The review queue (docs/decisions/020 "The queue"): texts the spam check held or flagged, new accounts
 * with signals and open reports — for site admins, and for a group's owner and moderators their group's
 * texts — worked by keyboard, with the log of who did what.
 */
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import {
  HeldTexts,
  ModerationLog,
  NewAccounts,
  OpenReportsList,
  useModerationQueue,
} from "@/client/features/moderation";

export default function ModerationPage() {
  const { t } = useTranslation("app");
  const queue = useModerationQueue();
  if (queue.isLoading) return <Spinner className="py-24" label={t("Loading the review queue")} />;
  if (queue.error || !queue.data)
    return (
      <QueryError
        title={t("Could not load the review queue")}
        error={queue.error}
        onRetry={() => queue.refetch()}
        retrying={queue.isRefetching}
      />
    );
  const { texts, accounts, reports, counts } = queue.data;
  return (
    <div className="flex flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold">{t("Review queue")}</h1>
        <p className="text-muted-foreground">
          {t(
            "Texts held before they reached anyone, flagged texts of trusted members, and what else needs a look.",
          )}
        </p>
      </header>
      <section aria-labelledby="queue-texts" className="flex flex-col gap-3">
        <h2 id="queue-texts" className="text-xl font-semibold">
          {t("Held and flagged texts ({{number}})", { number: counts.texts })}
        </h2>
        <HeldTexts texts={texts} />
      </section>
      {counts.reports + counts.accounts > 0 && (
        <>
          <section aria-labelledby="queue-accounts" className="flex flex-col gap-3">
            <h2 id="queue-accounts" className="text-xl font-semibold">
              {t("New accounts with signals ({{number}})", { number: counts.accounts })}
            </h2>
            <NewAccounts accounts={accounts} />
          </section>
          <section aria-labelledby="queue-reports" className="flex flex-col gap-3">
            <h2 id="queue-reports" className="text-xl font-semibold">
              {t("Open reports ({{number}})", { number: counts.reports })}
            </h2>
            <OpenReportsList reports={reports} />
          </section>
        </>
      )}
      <section aria-labelledby="queue-log" className="flex flex-col gap-3">
        <h2 id="queue-log" className="text-xl font-semibold">
          {t("Log")}
        </h2>
        <ModerationLog />
      </section>
    </div>
  );
}
