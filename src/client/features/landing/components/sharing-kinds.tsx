/**
 * The landing page's two kinds of sharing (spec §2 "Landing page"): Community (free) and
 * Marketplace (paid), each with a sign-in button.
 */
import type { LucideIcon } from "lucide-react";
import { Heart, Store } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";

export function SharingKinds() {
  const { t } = useTranslation("common");
  return (
    <section aria-labelledby="kinds" className="mx-auto grid max-w-5xl gap-6 px-4 pb-16 md:grid-cols-2">
      <h2 id="kinds" className="sr-only">
        {t("Two ways to share")}
      </h2>
      <KindCard
        icon={Heart}
        iconClass="text-green-700"
        title={t("Community")}
        badge={<Badge className="bg-green-700">{t("FREE")}</Badge>}
        text={t(
          "Cooked too much? Share surplus meals with neighbours for free, so good food gets eaten instead of thrown away.",
        )}
        action={t("Browse free meals")}
      />
      <KindCard
        icon={Store}
        iconClass="text-amber-700"
        title={t("Marketplace")}
        badge={<Badge className="bg-amber-700">{t("PAID")}</Badge>}
        text={t(
          "Registered local cooks sell home-cooked meals at fair prices. Order from the people who live around the corner.",
        )}
        action={t("Explore the marketplace")}
      />
    </section>
  );
}

function KindCard(props: {
  icon: LucideIcon;
  iconClass: string;
  title: string;
  badge: ReactNode;
  text: string;
  action: string;
}) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between">
          <CardTitle className="flex items-center gap-2 text-xl">
            <props.icon className={`h-5 w-5 ${props.iconClass}`} aria-hidden="true" /> {props.title}
          </CardTitle>
          {props.badge}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-muted-foreground">{props.text}</p>
        <Button asChild variant="outline">
          <a href="/api/login">{props.action}</a>
        </Button>
      </CardContent>
    </Card>
  );
}
