/**
 * Settings → Sign-in and devices (docs/decisions/016): the member's email (email-change.tsx) and passkeys, where MealShare signs people in itself (`signIn` is `email`);
 * and, with any sign-in, the devices signed in, each with Sign out, and "Sign out everywhere else".
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "@/client/components/layout/query-error";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest, errorMessage } from "@/client/lib/api-client";
import { useFormat } from "@/client/lib/format";
import type { DeviceSession, Passkey } from "@/contract/account";
import type { CurrentUser } from "@/contract/auth";
import { EmailChange } from "./email-change";

const PASSKEYS = ["/api/auth/passkeys"] as const;
const SESSIONS = ["/api/auth/sessions"] as const;

/** The three cards, as the deployment's sign-in allows. */
export function AccountSettings({ user }: { user: CurrentUser }) {
  return (
    <>
      {user.signIn === "email" && <EmailChange user={user} />}
      {user.signIn === "email" && <PasskeySettings />}
      <DeviceSettings />
    </>
  );
}

/** Adds a passkey of this device, named as the member likes (the browser's WebAuthn dialog). */
function AddPasskey() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const nameId = useId();
  const [name, setName] = useState("");
  const add = useMutation({
    mutationFn: async (label: string) => {
      // The browser's WebAuthn helper loads only when someone adds a passkey.
      const { startRegistration } = await import("@simplewebauthn/browser");
      const { challengeId, options } = (await (
        await apiRequest("POST", "/api/auth/passkeys/options")
      ).json()) as {
        challengeId: string;
        options: Parameters<typeof startRegistration>[0]["optionsJSON"];
      };
      const response = await startRegistration({ optionsJSON: options });
      return (await apiRequest("POST", "/api/auth/passkeys", { challengeId, name: label, response })).json();
    },
    onSuccess: () => {
      setName("");
      toast({ title: t("Passkey added. Next time, sign in with it.") });
      return queryClient.invalidateQueries({ queryKey: PASSKEYS });
    },
    onError: (error) => {
      // The person closed the browser's dialog: nothing went wrong.
      if (error instanceof Error && error.name === "NotAllowedError") return;
      toast({
        title: errorMessage(error, t("That passkey could not be added. Try again.")),
        variant: "destructive",
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <Label htmlFor={nameId}>{t("Passkey name (optional)")}</Label>
        <Input
          id={nameId}
          maxLength={60}
          placeholder={t("e.g. My phone")}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={add.isPending}>
        {t("Add a passkey")}
      </Button>
    </form>
  );
}

function PasskeySettings() {
  const { t } = useTranslation("app");
  const format = useFormat();
  const queryClient = useQueryClient();
  const keys = useQuery<Passkey[]>({ queryKey: PASSKEYS });
  const remove = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS }),
  });
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Passkeys")}</h2>
        <p className="text-sm text-muted-foreground">
          {t("Sign in with your fingerprint, face or screen lock instead of an emailed code.")}
        </p>
        {keys.isError && (
          <QueryError
            title={t("Could not load your passkeys")}
            error={keys.error}
            onRetry={() => keys.refetch()}
            retrying={keys.isRefetching}
            compact
          />
        )}
        {keys.data && keys.data.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label={t("Your passkeys")}>
            {keys.data.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-col">
                  <span className="font-medium">{key.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {key.lastUsedAt
                      ? t("Last used {{when}}", { when: format.ago(key.lastUsedAt) })
                      : t("Added {{when}}, not used yet", { when: format.ago(key.createdAt) })}
                  </span>
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(key.id)}
                  aria-label={t("Remove passkey {{name}}", { name: key.name })}
                >
                  {t("Remove")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <AddPasskey />
      </CardContent>
    </Card>
  );
}

function DeviceSettings() {
  const { t } = useTranslation("app");
  const format = useFormat();
  const queryClient = useQueryClient();
  const devices = useQuery<DeviceSession[]>({ queryKey: SESSIONS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS });
  const endOne = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/sessions/${id}`),
    onSuccess: refresh,
  });
  const endOthers = useMutation({
    meta: { errorMessage: t("Please try again."), serverMessage: true },
    mutationFn: async () =>
      (await apiRequest("POST", "/api/auth/sessions/end-others")).json() as Promise<{ ended: number }>,
    onSuccess: ({ ended }) => {
      toast({ title: t("Signed out on {{count}} other devices.", { count: ended }) });
      return refresh();
    },
  });
  const others = devices.data?.filter((device) => !device.current).length ?? 0;

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Signed-in devices")}</h2>
        {devices.isError && (
          <QueryError
            title={t("Could not load your devices")}
            error={devices.error}
            onRetry={() => devices.refetch()}
            retrying={devices.isRefetching}
            compact
          />
        )}
        {devices.data && (
          <ul className="flex flex-col gap-2" aria-label={t("Signed-in devices")}>
            {devices.data.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex flex-col">
                  <span className="font-medium">
                    {device.device || t("Unknown browser")}
                    {device.current && (
                      <span className="ms-2 text-sm font-normal text-primary">{t("This device")}</span>
                    )}
                  </span>
                  {/* When exactly and from which network, so two of one browser are told apart
                      (docs/features/everyday-journey.md). */}
                  <span className="text-sm text-muted-foreground">
                    {t("Signed in {{since}} · last used {{when}}", {
                      since: format.dateTime(device.createdAt),
                      when: format.ago(device.lastSeenAt),
                    })}
                    {device.network && ` · ${t("network {{network}}", { network: device.network })}`}
                  </span>
                </div>
                {!device.current && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={endOne.isPending}
                    onClick={() => endOne.mutate(device.id)}
                    aria-label={t("Sign out {{device}}", { device: device.device || t("Unknown browser") })}
                  >
                    {t("Sign out")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {others > 0 && (
          <Button
            type="button"
            variant="outline"
            className="self-start"
            disabled={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {t("Sign out everywhere else")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
