/**
 * The queue's held and flagged texts (docs/decisions/020 "The queue"), worked from the keyboard: J or
 * ↓ to the next, K or ↑ to the previous, A to let it through (or dismiss a flag), R to remove it, S to
 * suspend its writer (admins; a reason is asked). The keys act on the text whose buttons have the focus
 * (J and K move it to the next text's first button), and every action is a button too. What the viewer
 * may do is each text's `abilities`, as the server decided them.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { SuspendUserButton } from "@/client/features/admin";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import type { QueueText } from "@/contract/moderation";
import { SIGNAL_LABELS } from "@/contract/plain/moderation";
import { useDecide } from "../api/queue";

export function HeldTexts({ texts }: { texts: QueueText[] }) {
  const { t } = useTranslation("app");
  const decide = useDecide();
  const items = useRef<(HTMLElement | null)[]>([]);
  const [suspending, setSuspending] = useState<string | null>(null);
  const focusAt = (index: number) => items.current[Math.max(0, Math.min(texts.length - 1, index))]?.focus();
  // The text just decided on, and its place: once the refetched list no longer holds it, the text
  // that took its place gets the focus, so the keys keep working down the list.
  const [decided, setDecided] = useState<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (!decided || texts.some((text) => text.id === decided.id)) return;
    items.current[Math.max(0, Math.min(texts.length - 1, decided.index))]?.focus();
    setDecided(null);
  }, [texts, decided]);
  const act = (index: number, action: "release" | "remove") => {
    if (decide.isPending) return;
    const { id } = texts[index];
    decide.mutate({ itemId: id, action }, { onSuccess: () => setDecided({ id, index }) });
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    const text = texts[index];
    if (key === "j" || key === "arrowdown") focusAt(index + 1);
    else if (key === "k" || key === "arrowup") focusAt(index - 1);
    else if (key === "a" && text.abilities.release.allowed) act(index, "release");
    else if (key === "r" && text.abilities.remove.allowed) act(index, "remove");
    else if (key === "s" && text.abilities.suspend.allowed) setSuspending(text.id);
    else return;
    event.preventDefault();
  };
  if (texts.length === 0) return <p className="text-muted-foreground">{t("No texts wait for a check.")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <p id="queue-keys" className="text-sm text-muted-foreground">
        {t("Keys: J or ↓ next, K or ↑ previous, A let through, R remove, S suspend the writer (admins).")}
      </p>
      <ol className="flex flex-col gap-3" aria-label={t("Held and flagged texts")}>
        {texts.map((text, index) => (
          <li key={text.id} onKeyDown={onKeyDown(index)}>
            <QueueTextCard
              text={text}
              ref={(element) => {
                items.current[index] = element;
              }}
              onRelease={() => act(index, "release")}
              onRemove={() => act(index, "remove")}
              busy={decide.isPending}
              suspend={suspending === text.id}
              onSuspendClosed={() => setSuspending(null)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function QueueTextCard({
  text,
  ref,
  onRelease,
  onRemove,
  busy,
  suspend,
  onSuspendClosed,
}: {
  text: QueueText;
  /** The text's first button, where J and K put the focus. */
  ref: (element: HTMLElement | null) => void;
  onRelease: () => void;
  onRemove: () => void;
  busy: boolean;
  suspend: boolean;
  onSuspendClosed: () => void;
}) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  const kinds = {
    meal: t("Meal"),
    message: t("Message"),
    request: t("Request's first words"),
    group: t("Group"),
    bio: t("Bio"),
  };
  return (
    <article
      aria-label={t("{{kind}} by {{name}}", { kind: kinds[text.kind], name: text.author.name })}
      className="flex flex-col gap-2 rounded-lg border p-3 focus-within:ring-2 focus-within:ring-ring"
      data-queue-item={text.status}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={text.status === "held" ? "destructive" : "secondary"}>
          {text.status === "held" ? t("Held") : t("Flagged")}
        </Badge>
        <span className="font-medium">{kinds[text.kind]}</span>
        <span className="text-muted-foreground">
          {t("by {{name}}, {{ago}}", { name: text.author.name, ago: f.ago(text.createdAt) })}
        </span>
        {text.group && <span className="text-muted-foreground">· {text.group.name}</span>}
      </div>
      <p className="whitespace-pre-line break-words rounded bg-muted/40 p-2 text-sm">{text.text}</p>
      <ul className="flex flex-wrap gap-1" aria-label={t("Why it was held")}>
        {text.signals.map((signal) => (
          <li key={signal}>
            <Badge variant="outline">{SIGNAL_LABELS[signal] ? say(SIGNAL_LABELS[signal]) : signal}</Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          ref={ref as (element: HTMLButtonElement | null) => void}
          size="sm"
          aria-describedby="queue-keys"
          onClick={onRelease}
          // Not `disabled` while busy: a disabled button drops the focus the keys work from.
          aria-disabled={busy}
          disabled={!text.abilities.release.allowed}
        >
          {text.status === "held" ? t("Let through") : t("Dismiss")}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={onRemove}
          aria-disabled={busy}
          disabled={!text.abilities.remove.allowed}
        >
          {t("Remove")}
        </Button>
        {text.abilities.suspend.allowed && (
          <SuspendUserButton
            userId={text.author.id}
            open={suspend}
            onOpenChange={(open) => !open && onSuspendClosed()}
          />
        )}
        <Link href={text.link} className="text-sm underline">
          {t("Where it is")}
        </Link>
      </div>
    </article>
  );
}
