/**
 * Request thread (spec §2 "Request thread", §4 "Request status"): the meal, the status and the
 * viewer's actions (only the ones the server would accept: `allowedTransitions`), pickup details
 * once accepted, and the conversation, kept current by the live stream.
 */

import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { CalendarPlus, Clock, MapPin, MoreHorizontal, Navigation, Phone } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { MealPhoto } from "@/client/features/meals/components/meal-photo";
import { notificationsQuery } from "@/client/features/notifications/api/get-notifications";
import { useMarkThreadRead } from "@/client/features/notifications/api/mark-read";
import { useOlderMessages, useRequest } from "@/client/features/requests/api/get-request";
import { useSendMessage } from "@/client/features/requests/api/send-message";
import { useUpdateRequestStatus } from "@/client/features/requests/api/update-status";
import { StatusBadge } from "@/client/features/requests/components/status-badge";
import { useBlockedUsers } from "@/client/features/users/api/profiles";
import { BlockButton } from "@/client/features/users/components/block-button";
import { useFormat } from "@/client/lib/format";
import { MESSAGE_MAX, type MealRequestDetail, type RequestStatus } from "@/contract/requests";

/** spec §4 button labels for each target status. */
const actionLabels = (t: TFunction<"app">): Partial<Record<RequestStatus, string>> => ({
  accepted: t("Accept"),
  declined: t("Decline"),
  completed: t("Mark Complete"),
  cancelled: t("Cancel"),
});

/** Moves with no way back ask first; a slip of the thumb should not end an exchange. */
const confirmations = (
  t: TFunction<"app">,
): Partial<Record<RequestStatus, { title: string; text: string }>> => ({
  completed: {
    title: t("Mark this request complete?"),
    text: t("Do this once the meal has been picked up. You can both leave a review afterwards."),
  },
  declined: {
    title: t("Decline this request?"),
    text: t("The neighbour is told, and the conversation closes."),
  },
  cancelled: {
    title: t("Cancel this request?"),
    text: t("The other person is told, and the conversation closes."),
  },
});

/** A person's name, or "A neighbour" (translated by the caller's `t`) when they gave none. */
const fullName = (user: { firstName: string; lastName: string }, t: TFunction<"app">) =>
  `${user.firstName} ${user.lastName}`.trim() || t("A neighbour");

export default function RequestThreadPage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { id } = useParams<{ id: string }>();
  const { data: request, isLoading, error, refetch, isRefetching } = useRequest(id);
  const { user } = useCurrentUser();
  const blockedUsers = useBlockedUsers();
  useMarkReadWhileOpen(id, Boolean(request));

  if (isLoading) return <Spinner className="py-24" label={t("Loading request")} />;
  if (error && !isNotFound(error)) {
    return (
      <QueryError
        title={t("Could not load this request")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (!request || error) {
    return (
      <EmptyState title={t("Request not found")} text={t("The request you're looking for doesn't exist.")}>
        <Button asChild>
          <Link href="/requests">{t("Back to Requests")}</Link>
        </Button>
      </EmptyState>
    );
  }

  const viewerIsOwner = user?.id === request.owner.id;
  const other = viewerIsOwner ? request.eater : request.owner;
  const otherBlocked = blockedUsers.data?.some((blocked) => blocked.id === other.id) ?? false;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 p-4 sm:flex-row">
          <MealPhoto meal={request.meal} className="w-full rounded-md sm:w-48" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold">
                <Link href={`/meal/${request.meal.id}`} className="hover:underline">
                  {request.meal.title}
                </Link>
              </h1>
              <StatusBadge status={request.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {request.meal.kind === "free" ? t("FREE") : f.price(request.meal.priceCents ?? 0)} ·{" "}
              {viewerIsOwner ? t("Requested by") : t("Cooked by")}{" "}
              <Link href={`/user/${other.id}`} className="font-medium text-foreground hover:underline">
                {fullName(other, t)}
              </Link>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <BlockButton userId={other.id} name={fullName(other, t)} blocked={otherBlocked} />
              {otherBlocked && (
                <span className="text-sm text-muted-foreground">
                  {t("You blocked {{name}}: neither of you can send messages here.", {
                    name: fullName(other, t),
                  })}
                </span>
              )}
            </div>
            <StatusActions request={request} />
            {request.status === "completed" && (
              <Button asChild variant="outline" className="self-start">
                <Link href="/reviews">{t("Leave a Review")}</Link>
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      {request.status === "accepted" && <PickupDetails request={request} />}

      <Conversation request={request} viewerId={user?.id} />
    </div>
  );
}

/** Opening a thread, and new notifications arriving while it is open, mark its notifications read. */
function useMarkReadWhileOpen(requestId: string, loaded: boolean) {
  const { data: notifications } = useQuery(notificationsQuery);
  const markRead = useMarkThreadRead();
  const link = `/request/${requestId}`;
  const unread =
    notifications
      ?.filter((n) => !n.isRead && n.link === link)
      .map((n) => n.id)
      .join(",") ?? "";
  const { mutate, isPending } = markRead;
  useEffect(() => {
    if (loaded && unread && !isPending) mutate(requestId);
  }, [loaded, unread, requestId, mutate, isPending]);
}

function StatusActions({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const ACTION_LABELS = actionLabels(t);
  const CONFIRM = confirmations(t);
  const update = useUpdateRequestStatus(request.id);
  const [confirming, setConfirming] = useState<RequestStatus | null>(null);
  // What makes sense first (issue 12): completing only once the pickup is agreed, and Cancel
  // tucked into a menu when there is something else to do.
  const actions = request.allowedTransitions.filter(
    (status) => ACTION_LABELS[status] && !(status === "completed" && request.status === "pending"),
  );
  if (actions.length === 0) return null;
  const primary = actions.filter((status) => status !== "cancelled");
  const canCancel = actions.includes("cancelled");
  const ask = (status: RequestStatus) => (CONFIRM[status] ? setConfirming(status) : run(status));

  const run = (status: RequestStatus) =>
    update.mutate(status, {
      onSuccess: () => toast({ title: t("Status updated.") }),
      onError: () =>
        toast({
          title: t("Error"),
          description: t("Failed to update status. Please try again."),
          variant: "destructive",
        }),
    });
  const confirm = confirming ? CONFIRM[confirming] : undefined;

  return (
    <div className="flex flex-wrap gap-2">
      {primary.map((status) => (
        <Button
          key={status}
          variant={status === "declined" ? "outline" : "default"}
          disabled={update.isPending}
          onClick={() => ask(status)}
        >
          {ACTION_LABELS[status]}
        </Button>
      ))}
      {canCancel &&
        (primary.length === 0 ? (
          <Button variant="outline" disabled={update.isPending} onClick={() => ask("cancelled")}>
            {ACTION_LABELS.cancelled}
          </Button>
        ) : (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t("More actions")} disabled={update.isPending}>
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuItem onSelect={() => ask("cancelled")}>{ACTION_LABELS.cancelled}</DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ))}
      <AlertDialog open={Boolean(confirm)} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{confirm?.title}</AlertDialogTitle>
            <AlertDialogDescription>{confirm?.text}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("Keep it")}</AlertDialogCancel>
            <AlertDialogAction
              className={
                confirming === "declined" || confirming === "cancelled"
                  ? buttonVariants({ variant: "destructive" })
                  : undefined
              }
              onClick={() => confirming && run(confirming)}
            >
              {confirming ? ACTION_LABELS[confirming] : ""}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** spec §4: pickup details with Call and Directions once the request is accepted. */
function PickupDetails({ request }: { request: MealRequestDetail }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const noPhoneId = useId();
  const directions = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(request.meal.pickupLocation)}`;
  return (
    <Card data-testid="pickup-details">
      <CardContent className="flex flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold">{t("Pickup details")}</h2>
        <p className="inline-flex items-center gap-2 text-sm">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {request.meal.pickupLocation}
        </p>
        <p className="inline-flex items-center gap-2 text-sm">
          <Clock className="h-4 w-4 shrink-0" aria-hidden="true" /> {f.day(request.meal.pickupWindowStart)},{" "}
          {f.window(request.meal.pickupWindowStart, request.meal.pickupWindowEnd)}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled aria-describedby={noPhoneId}>
            <Phone className="h-4 w-4" aria-hidden="true" /> {t("Call")}
          </Button>
          <Button asChild variant="outline">
            <a href={directions} target="_blank" rel="noopener noreferrer">
              <Navigation className="h-4 w-4" aria-hidden="true" /> {t("Directions")}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/api/requests/${request.id}/calendar.ics`} download="mealshare-pickup.ics">
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> {t("Add to calendar")}
            </a>
          </Button>
        </div>
        <p id={noPhoneId} className="text-xs text-muted-foreground">
          {t("Phone numbers are not shared on MealShare; arrange the details in the messages below.")}
        </p>
      </CardContent>
    </Card>
  );
}

function MessageTime({ iso }: { iso: string }) {
  const f = useFormat();
  return (
    <time dateTime={iso}>
      {f.messageDay(iso)} {f.time(iso)}
    </time>
  );
}

function Conversation({ request, viewerId }: { request: MealRequestDetail; viewerId?: string }) {
  const { t } = useTranslation("app");
  const endRef = useRef<HTMLDivElement>(null);
  const count = request.messages.length;
  useEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [count]);
  const closed = request.status === "declined" || request.status === "cancelled";
  const [wantOlder, setWantOlder] = useState(false);
  const older = useOlderMessages(request.id, request.olderMessages, wantOlder);
  const loadOlder = () => {
    if (!wantOlder) setWantOlder(true);
    else if (older.hasNextPage && !older.isFetching) void older.fetchNextPage();
  };
  // Scrolling up to the top of the thread loads what came before; not on arrival, when the top
  // of a short page may already be in view.
  const topRef = useRef<HTMLDivElement>(null);
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;
  useEffect(() => {
    const top = topRef.current;
    if (!top || typeof IntersectionObserver === "undefined") return;
    let wasHidden = false;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry.isIntersecting) wasHidden = true;
      else if (wasHidden) loadOlderRef.current();
    });
    observer.observe(top);
    return () => observer.disconnect();
  }, []);
  const messages = [...older.messages, ...request.messages];

  return (
    <section aria-labelledby="messages" className="flex flex-col gap-3">
      <h2 id="messages" className="text-lg font-semibold">
        {t("Messages")}
      </h2>
      <div ref={topRef} />
      {older.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("Earlier messages could not be loaded.")}{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void older.refetch()}>
            {t("Retry")}
          </Button>
        </p>
      ) : (
        older.hasOlder && (
          <Button
            variant="outline"
            size="sm"
            className="self-center"
            onClick={loadOlder}
            disabled={older.isFetching}
          >
            {older.isFetching ? t("Loading…") : t("Load earlier messages")}
          </Button>
        )
      )}
      <ol className="flex flex-col gap-3" aria-live="polite" data-testid="message-list">
        {request.message && !older.hasOlder && (
          // The request's message is the eater's own first message: their bubble, on their side.
          <li
            className={
              request.eater.id === viewerId
                ? "max-w-[85%] self-end rounded-lg bg-primary/10 p-3"
                : "max-w-[85%] self-start rounded-lg border p-3"
            }
          >
            <p className="text-xs text-muted-foreground">
              {request.eater.id === viewerId ? t("You") : fullName(request.eater, t)} ·{" "}
              <MessageTime iso={request.createdAt} />
            </p>
            <p className="whitespace-pre-line break-words">{request.message}</p>
          </li>
        )}
        {messages.map((message) => {
          const mine = message.sender.id === viewerId;
          return (
            <li
              key={message.id}
              className={
                mine
                  ? "max-w-[85%] self-end rounded-lg bg-primary/10 p-3"
                  : "max-w-[85%] self-start rounded-lg border p-3"
              }
            >
              <p className="text-xs text-muted-foreground">
                {mine ? t("You") : fullName(message.sender, t)} · <MessageTime iso={message.createdAt} />
              </p>
              <p className="whitespace-pre-line break-words">{message.body}</p>
            </li>
          );
        })}
        {!request.message && count === 0 && (
          <li className="text-sm text-muted-foreground">{t("No messages yet.")}</li>
        )}
      </ol>
      <div ref={endRef} />
      {closed ? (
        <p className="text-sm text-muted-foreground">{t("This conversation is closed.")}</p>
      ) : (
        <MessageInput requestId={request.id} />
      )}
    </section>
  );
}

/** spec §2: trimmed, non-empty; Enter sends (Shift+Enter for a new line). */
function MessageInput({ requestId }: { requestId: string }) {
  const { t } = useTranslation("app");
  const [body, setBody] = useState("");
  const send = useSendMessage(requestId);
  const inputId = useId();
  const trimmed = body.trim();

  const submit = () => {
    if (!trimmed || send.isPending) return;
    send.mutate(trimmed, {
      onSuccess: () => setBody(""),
      onError: () =>
        toast({
          title: t("Error"),
          description: t("Failed to send message. Please try again."),
          variant: "destructive",
        }),
    });
  };

  return (
    // Sticky: on a phone the box stays in reach while the thread scrolls (issue 12).
    <form
      className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 border-t bg-background/95 px-1 pt-2 pb-3 backdrop-blur"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Label htmlFor={inputId}>{t("Message")}</Label>
      <div className="flex items-end gap-2">
        <Textarea
          id={inputId}
          value={body}
          rows={2}
          maxLength={MESSAGE_MAX}
          placeholder={t("Type a message...")}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" disabled={!trimmed || send.isPending}>
          {t("Send")}
        </Button>
      </div>
    </form>
  );
}
