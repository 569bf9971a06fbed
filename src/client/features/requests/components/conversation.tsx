/**
 * A thread's conversation (spec §2 "Request thread"): the eater's first message, the newest page
 * of messages (older ones load on scrolling up), and the message box while the thread is open.
 */
import { Zap } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HeldMark } from "@/client/components/held-mark";
import { Button } from "@/client/components/ui/button";
import { ReportButton } from "@/client/features/reports";
import { useDisplayName } from "@/client/lib/display-name";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import { THREAD_END_ID } from "@/contract/pages";
import { isThreadOpen, QUICK_REPLY_TEXT } from "@/contract/plain/requests";
import type { MealRequestDetail, Message } from "@/contract/requests";
import { useOlderMessages } from "../api/get-request";
import { MessageInput } from "./message-input";
import { TermLines } from "./terms-change";

function MessageTime({ iso }: { iso: string }) {
  const f = useFormat();
  return (
    <time dateTime={iso}>
      {f.messageDay(iso)} {f.time(iso)}
    </time>
  );
}

/**
 * One message on its writer's side: who and when, the message itself, the mark of a held one, and
 * (given `reportId`) the button that reports it into the review queue (docs/decisions/020).
 */
function Bubble({
  mine,
  name,
  iso,
  held,
  reportId,
  children,
}: {
  mine: boolean;
  name: string;
  iso: string;
  held?: boolean;
  reportId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("app");
  return (
    <li
      className={
        mine
          ? "max-w-[85%] self-end rounded-lg bg-primary/10 p-3"
          : "max-w-[85%] self-start rounded-lg border p-3"
      }
    >
      <p className="text-xs text-muted-foreground">
        {mine ? t("You") : name} · <MessageTime iso={iso} />
      </p>
      {children}
      {held && <HeldMark />}
      {reportId && (
        <ReportButton
          targetType="message"
          targetId={reportId}
          label={t("Report this message")}
          variant="ghost"
          size="icon"
          className="-me-2 -mb-2 ms-auto flex h-7 w-7"
        />
      )}
    </li>
  );
}

/**
 * The thread's end as the server drew it, when this page load opened on a thread. Read as this
 * module loads, which is before the thread is hydrated (hydrating it needs this code): hydration
 * keeps the server's element, a thread the browser draws itself makes a new one. (The root's
 * `aria-disabled` is no such sign: the app removes it while a page below a Suspense boundary may
 * still be hydrating, and a thread pinned then undid a member's scroll: src/client/lib/hydrated.ts.)
 */
const serverDrawnEnd = typeof document === "undefined" ? null : document.getElementById(THREAD_END_ID);

/**
 * Keeps the thread's end (`endRef`) in view while the page settles: the thread opens at its newest
 * message and stays there until the member scrolls or taps.
 */
function useNewestInView(endRef: React.RefObject<HTMLDivElement | null>) {
  // The thread opens at its newest message — the request's own first one when that is all there
  // is — and stays there while the rest of the page (pickup details, photos) settles, until the
  // member scrolls or taps themselves (docs/features/everyday-journey.md). The server's
  // drawing opened there already (src/server/first-screen.ts `NEWEST_IN_VIEW`), and is left alone:
  // moving it as the app took over lost a tap already on its way.
  useEffect(() => {
    const end = endRef.current;
    if (!end) return;
    let pinned = end !== serverDrawnEnd;
    // Where the last pin left the page: a scroll anywhere else was someone else's — a screen reader
    // moving to the pickup details, find-in-page, a script — and the page stays where they put it.
    let pinnedAt = window.scrollY;
    const pin = () => {
      if (!pinned) return;
      end.scrollIntoView({ block: "end" });
      pinnedAt = window.scrollY;
    };
    const release = () => {
      pinned = false;
    };
    const scrolled = () => {
      if (Math.abs(window.scrollY - pinnedAt) > 2) release();
    };
    pin();
    const resized = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(pin);
    resized?.observe(document.body);
    const intents = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const intent of intents) window.addEventListener(intent, release, { passive: true });
    window.addEventListener("scroll", scrolled, { passive: true });
    const settled = window.setTimeout(release, 3000);
    return () => {
      resized?.disconnect();
      for (const intent of intents) window.removeEventListener(intent, release);
      window.removeEventListener("scroll", scrolled);
      window.clearTimeout(settled);
    };
  }, [endRef]);
}

/**
 * Loads earlier messages when the thread's top (`topRef`) comes into view after being out of it; not
 * on arrival, when the top of a short page may already be in view. A thread taller than the window
 * opened at its newest message with its top out of view, so its top in view means the member went up
 * — even when they did before this part of a server's drawing was hydrated and the observer first looked.
 */
function useEarlierOnScrollUp(
  topRef: React.RefObject<HTMLDivElement | null>,
  endRef: React.RefObject<HTMLDivElement | null>,
  loadOlder: () => void,
) {
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;
  useEffect(() => {
    const top = topRef.current;
    if (!top || typeof IntersectionObserver === "undefined") return;
    let wasHidden = false;
    const tallerThanWindow = () => {
      const end = endRef.current;
      return (
        end !== null &&
        end.getBoundingClientRect().bottom - top.getBoundingClientRect().top > window.innerHeight
      );
    };
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry.isIntersecting) wasHidden = true;
      else if (wasHidden || tallerThanWindow()) loadOlderRef.current();
    });
    observer.observe(top);
    return () => observer.disconnect();
  }, [topRef, endRef]);
}

/** One line of the thread: a message (with its photo or quick reply), or a cook's edit of the meal. */
function ThreadItem({ message, closed }: { message: Message; closed: boolean }) {
  const { t } = useTranslation("app");
  const displayName = useDisplayName();
  const say = useMessages();
  const { mine } = message;
  if (message.change)
    // The cook's edit of the meal, as a line of the thread: what changed, old → new.
    return (
      <li className="self-stretch rounded-lg border border-dashed bg-muted/40 p-3" data-testid="meal-change">
        <p className="mb-1 text-xs text-muted-foreground">
          {mine
            ? t("You changed the meal")
            : t("{{name}} changed the meal", { name: displayName(message.sender) })}{" "}
          · <MessageTime iso={message.createdAt} />
        </p>
        <TermLines change={message.change} />
      </li>
    );
  return (
    <Bubble
      mine={mine}
      name={displayName(message.sender)}
      iso={message.createdAt}
      held={message.held}
      // A received message may be reported while the thread is open.
      reportId={mine || closed ? undefined : message.id}
    >
      {message.photo && (
        // The 400 px copy in the thread, the 1600 px one a tap away; both for the two of them only.
        <a href={message.photo.path} target="_blank" rel="noreferrer" className="mt-1 block">
          <img
            src={message.photo.thumbnailPath}
            alt={
              message.body ||
              t("Photo from {{name}}", { name: mine ? t("You") : displayName(message.sender) })
            }
            loading="lazy"
            className="max-h-64 w-auto max-w-full rounded-md"
            data-testid="thread-photo"
          />
        </a>
      )}
      {message.kind ? (
        <p className="inline-flex items-center gap-1 font-semibold" data-testid="quick-reply">
          <Zap className="h-4 w-4 text-amber-600" aria-hidden="true" />
          {say(QUICK_REPLY_TEXT[message.kind])}
        </p>
      ) : (
        message.body && (
          <p className="whitespace-pre-line break-words" dir="auto">
            {message.body}
          </p>
        )
      )}
    </Bubble>
  );
}

/** Retry for earlier messages that failed, or the button that loads them. */
function EarlierMessages({
  older,
  loadOlder,
}: {
  older: ReturnType<typeof useOlderMessages>;
  loadOlder: () => void;
}) {
  const { t } = useTranslation("app");
  if (older.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("Earlier messages could not be loaded.")}{" "}
        <Button variant="link" className="h-auto p-0" onClick={() => void older.refetch()}>
          {t("Retry")}
        </Button>
      </p>
    );
  if (!older.hasOlder) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-center"
      onClick={loadOlder}
      disabled={older.isFetching}
    >
      {older.isFetching ? t("Loading…") : t("Load earlier messages")}
    </Button>
  );
}

/** The request's own words: the eater's first message, their bubble on their side. */
function RequestWords({ request }: { request: MealRequestDetail }) {
  const displayName = useDisplayName();
  const eaterIsViewer = request.viewerSide === "eater";
  return (
    <Bubble
      mine={eaterIsViewer}
      name={displayName(request.eater)}
      iso={request.createdAt}
      held={request.messageHeld}
      reportId={eaterIsViewer ? undefined : request.id}
    >
      <p className="whitespace-pre-line break-words" dir="auto">
        {request.message}
      </p>
    </Bubble>
  );
}

/** A request's thread: its messages, older ones loaded on scrolling up, and the message box. */
export function Conversation({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const endRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const count = request.messages.length;
  useNewestInView(endRef);
  // Each new message then comes into view, above the sticky message box.
  const arrivedCount = useRef(count);
  useEffect(() => {
    if (count !== arrivedCount.current) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [count]);
  const closed = !isThreadOpen(request.status);
  const [wantOlder, setWantOlder] = useState(false);
  const older = useOlderMessages(request.id, request.olderMessages, wantOlder);
  const loadOlder = () => {
    if (!wantOlder) setWantOlder(true);
    else if (older.hasNextPage && !older.isFetching) void older.fetchNextPage();
  };
  useEarlierOnScrollUp(topRef, endRef, loadOlder);
  const messages = [...older.messages, ...request.messages];

  return (
    <section aria-labelledby="messages" className="flex flex-col gap-3">
      <h2 id="messages" className="text-lg font-semibold">
        {t("Messages")}
      </h2>
      <div ref={topRef} />
      <EarlierMessages older={older} loadOlder={loadOlder} />
      <ol className="flex flex-col gap-3" aria-live="polite" data-testid="message-list">
        {request.message && !older.hasOlder && <RequestWords request={request} />}
        {messages.map((message) => (
          <ThreadItem key={message.id} message={message} closed={closed} />
        ))}
        {!request.message && count === 0 && (
          <li className="text-sm text-muted-foreground">{t("No messages yet.")}</li>
        )}
      </ol>
      {closed ? (
        <p className="text-sm text-muted-foreground">{t("This conversation is closed.")}</p>
      ) : (
        <MessageInput requestId={request.id} quickReplies={request.quickReplies} />
      )}
      {/* After the sticky message box, so a new message comes into view above it, not behind it
          (docs/features/everyday-journey.md). */}
      <div ref={endRef} id={THREAD_END_ID} />
    </section>
  );
}
