/** Request thread (spec §2 "Request thread"): the meal, the status and the conversation. */
import { format } from "date-fns";
import { Clock, MapPin } from "lucide-react";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { useCurrentUser } from "@/client/features/auth/api/get-current-user";
import { MealPhoto } from "@/client/features/meals/components/meal-photo";
import { useRequest } from "@/client/features/requests/api/get-request";
import { StatusBadge } from "@/client/features/requests/components/status-badge";
import { formatDay, formatMessageDay, formatPrice, formatWindow } from "@/client/lib/format";

export default function RequestThreadPage() {
  const { id } = useParams<{ id: string }>();
  const { data: request, isLoading, error } = useRequest(id);
  const { user } = useCurrentUser();

  if (isLoading) return <Spinner className="py-24" label="Loading request" />;
  if (!request || error) {
    return (
      <EmptyState title="Request not found" text="The request you're looking for doesn't exist.">
        <Button asChild>
          <Link href="/requests">Back to Requests</Link>
        </Button>
      </EmptyState>
    );
  }

  const viewerIsOwner = user?.id === request.owner.id;
  const other = viewerIsOwner ? request.eater : request.owner;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 p-4 sm:flex-row">
          <MealPhoto meal={request.meal} className="w-full rounded-md sm:w-48" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold">
                <Link href={`/meal/${request.meal.id}`} className="hover:underline">
                  {request.meal.title}
                </Link>
              </h1>
              <StatusBadge status={request.status} />
            </div>
            <p className="text-sm text-muted-foreground">
              {request.meal.kind === "free" ? "FREE" : formatPrice(request.meal.priceCents ?? 0)} ·{" "}
              {viewerIsOwner ? "Requested by" : "Cooked by"} {`${other.firstName} ${other.lastName}`.trim()}
            </p>
            <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <Clock className="h-4 w-4" aria-hidden="true" /> {formatDay(request.meal.pickupWindowStart)},{" "}
              {formatWindow(request.meal.pickupWindowStart, request.meal.pickupWindowEnd)}
            </p>
            <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="h-4 w-4" aria-hidden="true" /> {request.meal.pickupLocation}
            </p>
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="messages" className="flex flex-col gap-3">
        <h2 id="messages" className="text-lg font-semibold">
          Messages
        </h2>
        <ol className="flex flex-col gap-3">
          {request.message && (
            <li className="rounded-lg bg-muted p-3">
              <p className="text-xs text-muted-foreground">
                {request.eater.firstName} · {formatMessageDay(request.createdAt)}{" "}
                {format(new Date(request.createdAt), "h:mm a")}
              </p>
              <p className="whitespace-pre-line">{request.message}</p>
            </li>
          )}
          {request.messages.map((message) => (
            <li key={message.id} className="rounded-lg border p-3">
              <p className="text-xs text-muted-foreground">
                {message.sender.firstName} · {formatMessageDay(message.createdAt)}{" "}
                {format(new Date(message.createdAt), "h:mm a")}
              </p>
              <p className="whitespace-pre-line">{message.body}</p>
            </li>
          ))}
          {!request.message && request.messages.length === 0 && (
            <li className="text-sm text-muted-foreground">No messages yet.</li>
          )}
        </ol>
      </section>
    </div>
  );
}
