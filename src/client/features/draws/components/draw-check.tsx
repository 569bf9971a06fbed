/**
 * "How this draw was made" (docs/features/fair-shares.md point 2): the commitment published when the
 * meal was posted, the entrants with their tickets, the list's hash, the seed, the order and the revealed
 * secret — and the check, run here in the browser with the same code the server drew with
 * (`verifyDraw`, src/contract/draw.ts), also against what the viewer saw when they entered: the
 * commitment then, and their entry on the list (../witness.ts).
 */
import { CheckCircle2, XCircle } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { type DrawView, verifyDraw } from "@/contract/draw";
import { entryWitness } from "../witness";

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm font-semibold">{label}</p>
      <code className="break-all rounded bg-muted p-2 text-xs">{value}</code>
    </div>
  );
}

/** The entrants in the order drawn, with their portions and tickets; the viewer's own entry marked. */
function Entrants({ draw }: { draw: DrawView }) {
  const { t } = useTranslation("app");
  const { published, mine } = draw;
  const place = (id: string) => (published.order ?? []).indexOf(id) + 1;
  return (
    <section aria-labelledby="entrants" className="flex flex-col gap-2">
      <h2 id="entrants" className="text-lg font-semibold">
        {t("Entrants")}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full text-start text-sm">
          <thead>
            <tr>
              <th className="p-1">{t("Place")}</th>
              <th className="p-1">{t("Entry")}</th>
              <th className="p-1">{t("Portions")}</th>
              <th className="p-1">{t("Tickets")}</th>
            </tr>
          </thead>
          <tbody>
            {(published.entrants ?? [])
              .slice()
              .sort((a, b) => place(a.id) - place(b.id))
              .map((entrant) => (
                <tr key={entrant.id} className={entrant.id === mine?.id ? "bg-primary/10 font-semibold" : ""}>
                  <td className="p-1">{place(entrant.id)}</td>
                  <td className="p-1 font-mono text-xs">
                    {entrant.id.slice(0, 8)}
                    {entrant.id === mine?.id && ` (${t("you")})`}
                  </td>
                  <td className="p-1">{entrant.portions}</td>
                  <td className="p-1">{entrant.tickets}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function DrawCheck({ draw }: { draw: DrawView }) {
  const { t } = useTranslation("app");
  const { published } = draw;
  // Checked against what this viewer saw when they entered, too (../witness.ts).
  const check = useMemo(() => verifyDraw(published, entryWitness(draw)), [published, draw]);
  return (
    <section aria-labelledby="draw-check-title" className="flex flex-col gap-5">
      <h2 id="draw-check-title" className="text-lg font-semibold">
        {t("Check it yourself")}
      </h2>
      <p>
        {t(
          "Nobody could pick the result, the cook included: when the meal was posted, MealShare sealed a secret number and showed its fingerprint below. The draw mixed that secret with the list of entries, and the secret was shown afterwards. Your browser redoes every step and says whether it adds up.",
        )}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">{t("The technical details")}</summary>
        <p className="mt-2">
          {t(
            "When the meal was posted, the server made a secret and published its SHA-256 hash, the commitment. At the draw it fixed the list of entrants and their tickets, made the seed from the secret and the list, drew in ticket-weighted order, and then revealed the secret. Anyone can redo every step.",
          )}
        </p>
      </details>
      <Hash label={t("Commitment, published when the meal was posted")} value={published.commitment} />
      {published.drawnAt === null ? (
        <p className="font-medium">
          {t("The entrants, the secret and the check follow once the draw is made.")}
        </p>
      ) : (
        <>
          <Entrants draw={draw} />
          <Hash label={t("Hash of the entrant list")} value={published.listHash ?? ""} />
          <Hash label={t("Seed")} value={published.seed ?? ""} />
          <Hash label={t("Secret, revealed after the draw")} value={published.secret ?? ""} />
          <p
            className={
              check.ok
                ? "flex items-start gap-2 rounded-md border-2 border-green-700 p-3 font-medium"
                : "flex items-start gap-2 rounded-md border-2 border-red-700 p-3 font-medium"
            }
            role="status"
            data-testid="draw-check"
          >
            {check.ok ? (
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
            ) : (
              <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
            )}
            {check.ok
              ? t(
                  "The check passed: the secret matches the commitment, and your browser recomputed the list's hash, the seed and the order.",
                )
              : t("The check failed: what was published does not add up.")}
          </p>
          {!check.commitmentAsAtEntry && (
            <p className="font-medium text-red-700" data-testid="draw-check-reason">
              {t("The commitment is not the one published when you entered.")}
            </p>
          )}
          {!check.entryListed && (
            <p className="font-medium text-red-700" data-testid="draw-check-reason">
              {t("Your entry is missing from the published list.")}
            </p>
          )}
        </>
      )}
      <p className="text-xs text-muted-foreground">
        {t("Algorithm: {{name}}", { name: published.algorithm })}
      </p>
    </section>
  );
}
