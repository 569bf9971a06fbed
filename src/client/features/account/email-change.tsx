/**
 * Settings → Email (docs/decisions/016, docs/decisions/020 "Email change"): a new address needs a fresh
 * proof first — the code emailed to the current address, or a passkey — then the code sent to the new
 * address confirms it. The old address is told, with a link that undoes the change for 7 days, and the
 * member's other devices are signed out. The step the member is at survives a reload (they may be away
 * reading the email on the same phone): it is kept in this tab's session storage.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { apiRequest } from "@/client/lib/api-client";
import { authKeys } from "@/client/lib/query-keys";
import type { CurrentUser } from "@/contract/auth";
import { EmailedCodeField } from "./emailed-code-field";

/** Where the change stands: the address wanted, and which code the member is typing now. */
type Step = { email: string; typing: "proof" | "new" | null; sentTo: string | null };
const START: Step = { email: "", typing: null, sentTo: null };
const STORE = "mealshare.email-change";

function stored(): Step {
  try {
    const step = JSON.parse(sessionStorage.getItem(STORE) ?? "null") as Step | null;
    return step && typeof step.email === "string" ? step : START;
  } catch {
    return START;
  }
}

/** The passkey proof: the browser signs a fresh challenge with one of the member's passkeys. */
async function passkeyProof() {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const { challengeId, options } = (await (
    await apiRequest("POST", "/api/login/passkey/options")
  ).json()) as {
    challengeId: string;
    options: Parameters<typeof startAuthentication>[0]["optionsJSON"];
  };
  return { challengeId, response: await startAuthentication({ optionsJSON: options }) };
}

/**
 * The steps of an email change and the calls that move them: the current address's code (or a
 * passkey) proves it is the member, then the new address's code confirms it. The step is kept in
 * this tab's session storage while a code is awaited, so a reload does not lose it.
 */
function useEmailChange() {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [step, setStepState] = useState<Step>(START);
  const [code, setCode] = useState("");
  // Read after hydration: the server drew the first step.
  useEffect(() => setStepState(stored()), []);
  const setStep = (next: Step) => {
    setStepState(next);
    setCode("");
    if (next.typing) sessionStorage.setItem(STORE, JSON.stringify(next));
    else sessionStorage.removeItem(STORE);
  };
  const meta = { errorMessage: t("Please try again."), serverMessage: true };
  const askProof = useMutation({
    meta,
    mutationFn: async () =>
      (await apiRequest("POST", "/api/auth/email/proof")).json() as Promise<{ sentTo: string }>,
    onSuccess: ({ sentTo }) => setStep({ ...step, typing: "proof", sentTo }),
  });
  const askNew = useMutation({
    meta,
    mutationFn: async (proof: { code: string } | { passkey: Awaited<ReturnType<typeof passkeyProof>> }) =>
      (await apiRequest("POST", "/api/auth/email", { email: step.email, ...proof })).json() as Promise<{
        sentTo: string;
      }>,
    onSuccess: ({ sentTo }) => setStep({ ...step, typing: "new", sentTo }),
  });
  const withPasskey = useMutation({
    meta: { errorMessage: t("That passkey did not confirm it is you. Try again, or use the emailed code.") },
    mutationFn: passkeyProof,
    onSuccess: (passkey) => askNew.mutate({ passkey }),
  });
  const confirm = useMutation({
    meta,
    mutationFn: async (typed: string) =>
      (await apiRequest("POST", "/api/auth/email/confirm", { code: typed })).json() as Promise<CurrentUser>,
    onSuccess: (changed) => {
      queryClient.setQueryData(authKeys.currentUser, changed);
      setStep(START);
      toast({
        title: t("Your email is now {{email}}.", { email: changed.email }),
        description: t("Your other devices were signed out, and your old address was told."),
      });
    },
  });
  return { step, setStep, setStepState, code, setCode, askProof, askNew, withPasskey, confirm };
}

export function EmailChange({ user }: { user: CurrentUser }) {
  const { t } = useTranslation("app");
  const emailId = useId();
  const { step, setStep, setStepState, code, setCode, askProof, askNew, withPasskey, confirm } =
    useEmailChange();
  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    setStepState({ ...step, email: step.email.trim() });
    askProof.mutate();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.typing === "proof") askNew.mutate({ code });
    else confirm.mutate(code);
  };

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="font-semibold">{t("Email")}</h2>
        <p className="text-sm text-muted-foreground">
          {t(
            "You sign in with {{email}}. To change it, first confirm it is you, then confirm the new address with the code we send to it.",
            { email: user.email },
          )}
        </p>
        {!step.typing ? (
          <form onSubmit={submitEmail} className="flex flex-col gap-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={emailId}>{t("New email")}</Label>
              <Input
                id={emailId}
                type="email"
                autoComplete="email"
                required
                maxLength={320}
                value={step.email}
                onChange={(event) => setStepState({ ...step, email: event.target.value })}
              />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="outline" disabled={askProof.isPending}>
                {t("Email a code to my current address")}
              </Button>
              <Button
                type="button"
                variant="ghost"
                disabled={!step.email.includes("@") || withPasskey.isPending}
                onClick={() => withPasskey.mutate()}
              >
                {t("Confirm with a passkey")}
              </Button>
            </div>
          </form>
        ) : (
          <form onSubmit={submitCode} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <EmailedCodeField sentTo={step.sentTo ?? ""} value={code} onChange={setCode} />
            <Button type="submit" disabled={askNew.isPending || confirm.isPending}>
              {step.typing === "proof" ? t("Confirm it is you") : t("Confirm new email")}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setStep(START)}>
              {t("Cancel")}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
