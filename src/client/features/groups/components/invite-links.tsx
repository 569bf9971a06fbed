/**
 * A group's invite links (docs/features/groups.md point 1), for its owner and moderators: make one
 * lasting 1, 7 or 30 days — its link and QR code are shown once, right after, to copy or show on a
 * phone at the door — and see or revoke the links made before (without their tokens, which the server
 * no longer knows).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { QrCode } from "@/client/components/qr-code";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { useFormat } from "@/client/lib/format";
import type { GroupInvite } from "@/contract/groups";
import { INVITE_DAYS_CHOICES } from "@/contract/plain/groups";
import { useCreateInvite, useInvites, useRevokeInvite } from "../api/groups";

/** The invite link's QR code, to show on a phone or print for the notice board. */
function InviteQrCode({ url }: { url: string }) {
  const { t } = useTranslation("app");
  return (
    <QrCode
      url={url}
      alt={t("QR code of the invite link")}
      className="h-40 w-40 rounded border bg-white p-1"
      testId="invite-qr"
    />
  );
}

/** A link just made, shown once: to copy, or to scan from its QR code. */
function NewInviteLink({ url }: { url: string }) {
  const { t } = useTranslation("app");
  const linkId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t("Link copied.") });
    } catch {
      toast({ title: t("Copy the link from the box."), variant: "destructive" });
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-green-300 bg-green-50 p-3">
      <Label htmlFor={linkId}>{t("Your new invite link: copy it now, it is shown only once")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input id={linkId} readOnly value={url} className="min-w-0 flex-1" data-testid="invite-url" />
        <Button variant="outline" onClick={copy}>
          {t("Copy link")}
        </Button>
      </div>
      <InviteQrCode url={url} />
    </div>
  );
}

export function InviteLinks({ groupId }: { groupId: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const daysId = useId();
  const invites = useInvites(groupId, true);
  const create = useCreateInvite(groupId);
  const revoke = useRevokeInvite(groupId);
  const [days, setDays] = useState<number>(7);
  const [made, setMade] = useState<GroupInvite | null>(null);

  const now = Date.now();

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-4">
        <h2 className="text-lg font-semibold">{t("Invite links")}</h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor={daysId}>{t("The link lasts")}</Label>
            <select
              id={daysId}
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              {INVITE_DAYS_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t("{{count}} day", { count: choice })}
                </option>
              ))}
            </select>
          </div>
          <Button disabled={create.isPending} onClick={() => create.mutate(days, { onSuccess: setMade })}>
            {t("Make an invite link")}
          </Button>
        </div>
        {made?.url && <NewInviteLink url={made.url} />}
        {invites.isLoading && <Spinner label={t("Loading invite links")} />}
        {invites.isError && (
          <QueryError
            compact
            title={t("Could not load the invite links")}
            error={invites.error}
            onRetry={() => invites.refetch()}
            retrying={invites.isRefetching}
          />
        )}
        {invites.data && invites.data.length > 0 && (
          <ul className="flex flex-col divide-y text-sm">
            {invites.data.map((invite) => {
              const ended = invite.revoked || new Date(invite.expiresAt).getTime() <= now;
              return (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {invite.revoked
                      ? t("Revoked")
                      : ended
                        ? t("Expired {{date}}", { date: f.dateTime(invite.expiresAt) })
                        : t("Valid until {{date}}", { date: f.dateTime(invite.expiresAt) })}
                    {invite.createdBy &&
                      ` · ${t("made by {{name}}", { name: `${invite.createdBy.firstName} ${invite.createdBy.lastName}`.trim() })}`}
                  </span>
                  {!ended && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(invite.id)}
                    >
                      {t("Revoke")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
