/** Home's two kinds of sharing (spec §2 "Home"): Community and Marketplace, each linking to its list. */
import type { LucideIcon } from "lucide-react";
import { Heart, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";

export function BrowseByKind() {
  const { t } = useTranslation("app");
  return (
    <section className="grid gap-4 md:grid-cols-2" aria-label={t("Browse by kind")}>
      <KindCard
        icon={Heart}
        iconClass="text-green-700"
        title={t("Community")}
        text={t("Free surplus meals shared by neighbours.")}
        href="/community"
        action={t("Browse")}
      />
      <KindCard
        icon={Store}
        iconClass="text-amber-700"
        title={t("Marketplace")}
        text={t("Home-cooked meals from registered local cooks.")}
        href="/marketplace"
        action={t("Explore")}
      />
    </section>
  );
}

function KindCard(props: {
  icon: LucideIcon;
  iconClass: string;
  title: string;
  text: string;
  href: string;
  action: string;
}) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 p-6">
        <props.icon className={`h-10 w-10 ${props.iconClass}`} aria-hidden="true" />
        <div className="min-w-40 flex-1">
          <h2 className="text-lg font-semibold">{props.title}</h2>
          <p className="text-sm text-muted-foreground">{props.text}</p>
        </div>
        <Button asChild variant="outline" className="ms-auto">
          <Link href={props.href}>{props.action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
