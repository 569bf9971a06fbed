/**
 * The queue's other parts (docs/decisions/020 "The queue"): new accounts with signals, open reports, and
 * the log of who did what.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { SuspendUserButton } from "@/client/features/admin";
import { useFormat } from "@/client/lib/format";
import type { QueueAccount } from "@/contract/moderation";
import type { Report } from "@/contract/reports";
import { useModerationLog } from "../api/queue";

export function NewAccounts({ accounts }: { accounts: QueueAccount[] }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (accounts.length === 0)
    return <p className="text-muted-foreground">{t("No new accounts with signals.")}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {accounts.map((account) => (
        <li key={account.id} className="flex flex-wrap items-center gap-2 rounded-lg border p-3 text-sm">
          <Link href={`/user/${account.id}`} className="font-medium underline">
            {account.name}
          </Link>
          <span className="text-muted-foreground">
            {t("joined {{ago}}", { ago: f.ago(account.createdAt) })}
          </span>
          {account.sharedInbox > 0 && (
            <span>{t("{{count}} other accounts on the same inbox", { count: account.sharedInbox })}</span>
          )}
          {account.heldTexts > 0 && <span>{t("{{count}} texts held", { count: account.heldTexts })}</span>}
          {account.reports > 0 && <span>{t("{{count}} open reports", { count: account.reports })}</span>}
          {account.abilities.suspend.allowed && <SuspendUserButton userId={account.id} />}
        </li>
      ))}
    </ul>
  );
}

export function OpenReportsList({ reports }: { reports: Report[] }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  if (reports.length === 0) return <p className="text-muted-foreground">{t("No open reports.")}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {reports.map((report) => (
        <li key={report.id} className="flex flex-col gap-1 rounded-lg border p-3 text-sm">
          <span className="text-muted-foreground">{f.ago(report.createdAt)}</span>
          <p className="whitespace-pre-line">{report.reason}</p>
          {report.targetType !== "other" && (
            <Link
              href={report.targetType === "meal" ? `/meal/${report.targetId}` : `/user/${report.targetId}`}
              className="underline"
            >
              {report.targetType === "meal" ? t("The meal reported") : t("The member reported")}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ModerationLog() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const log = useModerationLog();
  const sentence = (line: (typeof log.lines)[number]) => {
    const names = {
      actor: line.actor?.name ?? t("Someone"),
      subject: line.subject?.name ?? t("a former member"),
    };
    if (line.action === "release") return t("{{actor}} let a text by {{subject}} through", names);
    if (line.action === "remove") return t("{{actor}} removed a text by {{subject}}", names);
    if (line.action === "dismiss") return t("{{actor}} dismissed a flag on a text by {{subject}}", names);
    return t("{{actor}} suspended {{subject}}", names);
  };
  if (log.lines.length === 0) return <p className="text-muted-foreground">{t("Nothing decided yet.")}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-1 text-sm">
        {log.lines.map((line) => (
          <li key={line.id}>
            <time dateTime={line.createdAt} className="text-muted-foreground">
              {f.dateTime(line.createdAt)}
            </time>{" "}
            {sentence(line)}
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => log.fetchNextPage()}>
          {t("Show older")}
        </Button>
      )}
    </div>
  );
}
