/**
 * Privacy (docs/decisions/017; the footer's "Terms & Privacy"): what MealShare keeps, who sees it, for
 * how long — said from this deployment's own settings (`GET /api/deployment`'s `privacy`:
 * `RETENTION_DAYS`, `ACCOUNT_DELETION_DAYS`, `SUPPORT_EMAIL`) — and how a member takes their data or
 * leaves.
 */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { StaticPage, StaticSection } from "@/client/components/layout/static-page";
import { deployment } from "@/client/lib/deployment";

const DEFAULTS = { retentionDays: 365, accountDeletionDays: 14, supportEmail: null };

function List({ items }: { items: string[] }) {
  return (
    <ul className="list-disc space-y-1 ps-5">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export default function PrivacyPage() {
  const { t } = useTranslation("info");
  // An answer saved by an older version of the app may not have it yet.
  const settings = deployment().privacy ?? DEFAULTS;
  return (
    <StaticPage>
      <header className="flex flex-col gap-3">
        <h1 className="text-4xl font-bold">{t("Privacy")}</h1>
        <p className="text-lg text-muted-foreground">
          {t(
            "What MealShare keeps about you, who sees it and for how long. This page is written from this neighbourhood's own settings.",
          )}
        </p>
      </header>
      <StaticSection title={t("What is kept")}>
        <List
          items={[
            t(
              'Your account: name, email, the devices you are signed in on (as "browser on system", never an address) and your passkeys\' public keys. There is no password.',
            ),
            t(
              "Your profile and settings, your allergies and diet, and your home area, rounded to about 100 m.",
            ),
            t(
              "Your meals with their pickup point and details, your requests, messages and thread photos, reviews, reports, groups, alerts and notifications.",
            ),
          ]}
        />
      </StaticSection>
      <StaticSection title={t("Who sees what")}>
        <List
          items={[
            t(
              "Everyone: your name, photo, bio, rating and open meals, whose place is shown 150–250 m away from the real one.",
            ),
            t("The neighbour whose request you accept: the exact pickup point and details of that meal."),
            t(
              "The two of you: your thread's messages and photos. Admins read a thread only while a report names it.",
            ),
            t("Only you: your email, home area, allergies, alerts and devices."),
          ]}
        />
      </StaticSection>
      <StaticSection title={t("For how long")}>
        <List
          items={[
            t("Read notifications and old alert matches: {{count}} days.", { count: settings.retentionDays }),
            t(
              "A session: 30 days from signing in. An emailed sign-in code: 15 minutes, deleted after a day.",
            ),
            t("A data export: its link works for 7 days, then the file is deleted."),
            settings.accountDeletionDays > 0
              ? t(
                  'A deleted account: hidden for {{count}} days, in which you can keep it, then erased: your name becomes "Former member" and everything personal is deleted.',
                  { count: settings.accountDeletionDays },
                )
              : t(
                  'A deleted account: erased at once: your name becomes "Former member" and everything personal is deleted.',
                ),
            t(
              "Backups: kept by the people who run this MealShare for as long as they choose; restoring one erases again every account deleted after it was made.",
            ),
          ]}
        />
      </StaticSection>
      <StaticSection title={t("Your data, your choice")}>
        <p>
          {t(
            "In Settings you can download everything MealShare holds about you, once a day, and delete your account.",
          )}{" "}
          <Link href="/settings" className="text-primary underline">
            {t("Open Settings")}
          </Link>
        </p>
        <p>
          {settings.supportEmail
            ? t("Questions about your data: write to {{email}}.", { email: settings.supportEmail })
            : t("Questions about your data: write to us from the Help page.")}{" "}
          <Link href="/help#contact" className="text-primary underline">
            {t("Contact Us")}
          </Link>
        </p>
      </StaticSection>
    </StaticPage>
  );
}
