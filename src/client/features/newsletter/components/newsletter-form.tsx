/**
 * The landing footer's newsletter form (spec §2; docs/DESIGN.md §4 "Mailing list": this product makes it
 * work).
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { errorMessage } from "@/client/lib/api-client";
import { useSubscribe } from "../api/subscribe";

export function NewsletterForm() {
  const { t } = useTranslation("common");
  const [email, setEmail] = useState("");
  const subscribe = useSubscribe();
  const inputId = useId();
  const errorId = useId();

  if (subscribe.isSuccess) {
    return (
      <p role="status" className="text-sm font-medium">
        {subscribe.data?.confirmByEmail
          ? t(
              "Thanks for subscribing! Confirm it with the link we emailed you, and neighbourhood news is on its way.",
            )
          : t("Thanks for subscribing! Neighbourhood news is on its way to your inbox.")}
      </p>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (email.trim()) subscribe.mutate(email.trim());
      }}
    >
      <label htmlFor={inputId} className="text-sm font-semibold">
        {t("Get neighbourhood news")}
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          placeholder={t("you@example.com")}
          className="bg-white text-foreground"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={subscribe.isError}
          aria-describedby={subscribe.isError ? errorId : undefined}
        />
        <Button type="submit" variant="secondary" disabled={subscribe.isPending}>
          {t("Subscribe")}
        </Button>
      </div>
      {subscribe.isError && (
        <p id={errorId} role="alert" className="text-sm text-red-200">
          {errorMessage(subscribe.error, t("Could not subscribe right now. Please try again."))}
        </p>
      )}
    </form>
  );
}
