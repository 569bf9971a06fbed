/**
 * The Messages view's list (docs/features/everyday-journey.md "A Messages view"): each
 * thread as one link — the meal's photo, the other person, the meal, the last thing said (theirs or
 * "You: …"; a quick reply in words, a photo as "Photo"), when, its status and its unread count —
 * newest activity first, the next page as the member scrolls.
 */
import { Camera } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { LoadMore } from "@/client/components/layout/load-more";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { UnreadBadge } from "@/client/components/unread-badge";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import { thumbnailOf } from "@/contract/plain/photos";
import { QUICK_REPLY_TEXT } from "@/contract/plain/requests";
import type { ThreadSummary } from "@/contract/requests";
import { useThreads } from "../api/get-threads";
import { StatusBadge } from "./status-badge";

function LastWords({ last }: { last: NonNullable<ThreadSummary["last"]> }) {
  const { t } = useTranslation("app");
  const say = useMessages();
  const words = last.change
    ? t("The meal was changed")
    : last.kind
      ? say(QUICK_REPLY_TEXT[last.kind])
      : last.text;
  return (
    <span className="flex min-w-0 items-center gap-1">
      {last.mine && <span className="shrink-0">{t("You:")}</span>}
      {last.photo && <Camera className="h-4 w-4 shrink-0" aria-label={t("Photo")} />}
      <span className="truncate">{words || (last.photo ? t("Photo") : "")}</span>
    </span>
  );
}

function ThreadRow({ thread }: { thread: ThreadSummary }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const displayName = useDisplayName();
  const unread = thread.unread > 0;
  return (
    <li>
      <Link
        href={`/request/${thread.id}`}
        className="flex items-center gap-3 rounded-lg p-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="thread-row"
      >
        {thread.meal.photoPath ? (
          <img
            src={thumbnailOf(thread.meal.photoPath)}
            alt=""
            width={56}
            height={56}
            loading="lazy"
            className="h-14 w-14 shrink-0 rounded-md bg-muted object-cover"
          />
        ) : (
          <span aria-hidden="true" className="h-14 w-14 shrink-0 rounded-md bg-muted" />
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn("truncate", unread && "font-semibold")}>{displayName(thread.other)}</span>
            <time dateTime={thread.lastActivityAt} className="shrink-0 text-xs text-muted-foreground">
              {f.messageDay(thread.lastActivityAt)} {f.time(thread.lastActivityAt)}
            </time>
          </span>
          <span className="truncate text-sm font-medium">{thread.meal.title}</span>
          <span
            className={cn(
              "flex items-center justify-between gap-2 text-sm",
              unread ? "text-foreground" : "text-muted-foreground",
            )}
          >
            {thread.last ? <LastWords last={thread.last} /> : <span>{t("No messages yet.")}</span>}
            <span className="flex shrink-0 items-center gap-1">
              <StatusBadge status={thread.status} />
              <UnreadBadge count={thread.unread} testId="thread-unread" />
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Every thread of the member, or what to do when there is none yet. */
export function ThreadList() {
  const { t } = useTranslation("app");
  const threads = useThreads();
  if (threads.isLoading) return <Spinner className="py-16" label={t("Loading conversations")} />;
  if (threads.isError && threads.items.length === 0)
    return (
      <QueryError
        title={t("Could not load your conversations")}
        error={threads.error}
        onRetry={() => threads.refetch()}
        retrying={threads.isRefetching}
      />
    );
  if (threads.items.length === 0)
    return (
      <EmptyState
        title={t("No conversations yet")}
        text={t("When you request a meal, or someone requests yours, your conversation shows here.")}
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y rounded-lg border" aria-label={t("Conversations")}>
        {threads.items.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} />
        ))}
      </ul>
      <LoadMore query={threads} errorTitle={t("Could not load more conversations")} />
    </div>
  );
}
