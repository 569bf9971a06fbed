/**
 * The head of a public profile (spec §2; docs/decisions): name, photo, badges (Registered Cook,
 * Trusted Member), rating, member since and what they shared, their pickup record
 * (docs/features/households.md point 5), the bio; and, for anyone but the
 * member themself, Block, Report and, for admins, Suspend.
 */
import { BadgeCheck, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StarRating } from "@/client/components/star-rating";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent } from "@/client/components/ui/card";
import { DeleteUserButton, SuspendUserButton } from "@/client/features/admin";
import { ReportButton } from "@/client/features/reports";
import { useDisplayName } from "@/client/lib/display-name";
import { initials, useFormat } from "@/client/lib/format";
import { thumbnailOf } from "@/contract/plain/photos";
import type { PublicProfile } from "@/contract/users";
import { BlockButton } from "./block-button";
import { ReliabilityLine } from "./reliability-line";

export function PublicProfileCard({
  person,
  onBlockChange,
}: {
  person: PublicProfile;
  onBlockChange: () => void;
}) {
  const { abilities } = person;
  const { t } = useTranslation("app");
  const f = useFormat();
  const name = useDisplayName()(person);
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start">
        <Avatar className="h-20 w-20">
          {person.profileImageUrl && <AvatarImage src={thumbnailOf(person.profileImageUrl)} alt="" />}
          <AvatarFallback className="text-xl">{initials(person)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold">{name}</h1>
          {person.suspended && <Badge variant="destructive">{t("Suspended")}</Badge>}
          <div className="mt-2 flex flex-wrap gap-2">
            {person.isCook && (
              <Badge className="gap-1 bg-green-700">
                <BadgeCheck className="h-3 w-3" aria-hidden="true" /> {t("Registered Cook")}
              </Badge>
            )}
            {person.rating.trustedMember && (
              <Badge variant="secondary" className="gap-1">
                <ShieldCheck className="h-3 w-3" aria-hidden="true" /> {t("Trusted Member")}
              </Badge>
            )}
          </div>
          {person.rating.count > 0 ? (
            <StarRating rating={person.rating.average} count={person.rating.count} className="mt-2" />
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">{t("No reviews yet")}</p>
          )}
          <p className="mt-1 text-sm text-muted-foreground">
            {t("Member since {{date}}", { date: f.monthYear(person.memberSince) })} ·{" "}
            {t("{{count}} completed exchange", { count: person.rating.completedExchanges })} ·{" "}
            {t("shared {{count}} portion", { count: person.rating.portionsShared })}
          </p>
          <ReliabilityLine reliability={person.reliability} />
          {person.bio && <p className="mt-3 whitespace-pre-line">{person.bio}</p>}
        </div>
        {!person.yours && (
          <div className="flex flex-wrap gap-2">
            {abilities.suspend.allowed && (
              <SuspendUserButton userId={person.id} suspended={person.suspended} />
            )}
            {abilities.delete.allowed && <DeleteUserButton userId={person.id} />}
            {abilities.block.allowed && (
              <BlockButton
                userId={person.id}
                name={name}
                blocked={person.blockedByMe}
                onChange={onBlockChange}
              />
            )}
            <ReportButton
              targetType="user"
              targetId={person.id}
              label={t("Report this user")}
              variant="ghost"
              size="sm"
            >
              {t("Report")}
            </ReportButton>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
