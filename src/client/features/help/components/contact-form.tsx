import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { useCurrentUser } from "@/client/features/auth";
import { useCreateReport } from "@/client/features/reports";
import { REPORT_REASON_MAX } from "@/contract/reports";

/**
 * The contact form. Signed in, the message reaches the admins' report list (target "other",
 * id "support"), so it needs no mail server; signed out, the form asks the visitor to sign in.
 */
export function ContactForm() {
  const { t } = useTranslation("info");
  const { user } = useCurrentUser();
  const send = useCreateReport({ errorMessage: t("Failed to send message. Please try again.") });
  const ids = { email: useId(), subject: useId(), message: useId() };
  const [email, setEmail] = useState(user?.email ?? "");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-4 font-medium">
        {t("Thanks, your message has been sent. We usually reply within 24-48 hours.")}
      </p>
    );
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) {
      window.location.href = "/api/login?returnTo=/help%23contact";
      return;
    }
    const reason = `From: ${email.trim()}\nSubject: ${subject.trim()}\n\n${message.trim()}`.slice(
      0,
      REPORT_REASON_MAX,
    );
    send.mutate({ targetType: "other", targetId: "support", reason }, { onSuccess: () => setSent(true) });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={onSubmit}>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.email}>{t("Email")}</Label>
        <Input
          id={ids.email}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.subject}>{t("Subject")}</Label>
        <Input
          id={ids.subject}
          required
          maxLength={120}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={ids.message}>{t("Message")}</Label>
        <Textarea
          id={ids.message}
          required
          rows={5}
          maxLength={800}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {!user && (
        <p className="text-sm text-muted-foreground">
          {t("You will be asked to sign in first, so we can reply.")}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={send.isPending}>
        {t("Send Message")}
      </Button>
    </form>
  );
}
