/**
 * Community Events (spec §2 "Community Events"): Upcoming (start later than now, soonest first)
 * and Past (latest first); 'No events scheduled' when there are none.
 */
import { CalendarDays, ExternalLink, MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/client/components/layout/empty-state";
import { QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Card, CardContent } from "@/client/components/ui/card";
import { useEvents } from "@/client/features/events";
import { useFormat } from "@/client/lib/format";
import { type CommunityEvent, isUpcoming } from "@/contract/events";

export default function EventsPage() {
  const { t } = useTranslation("app");
  const { data: events = [], isLoading, error, refetch, isRefetching } = useEvents();
  if (isLoading) return <Spinner className="py-24" label={t("Loading events")} />;
  if (error) {
    return (
      <QueryError
        title={t("Could not load events")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }

  const now = new Date();
  const upcoming = events
    .filter((event) => isUpcoming(event, now))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const past = events
    .filter((event) => !isUpcoming(event, now))
    .sort((a, b) => b.startsAt.localeCompare(a.startsAt));

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header>
        <h1 className="text-3xl font-bold">{t("Community Events")}</h1>
        <p className="text-muted-foreground">
          {t("Potlucks, swaps and cooking afternoons with your neighbours.")}
        </p>
      </header>
      {events.length === 0 ? (
        <EmptyState
          title={t("No events scheduled")}
          text={t("Check back soon for the next neighbourhood get-together.")}
        />
      ) : (
        <>
          <EventSection
            title={t("Upcoming Events")}
            events={upcoming}
            emptyText={t("No upcoming events yet.")}
          />
          <EventSection title={t("Past Events")} events={past} emptyText={t("No past events.")} muted />
        </>
      )}
    </div>
  );
}

function EventSection({
  title,
  events,
  emptyText,
  muted = false,
}: {
  title: string;
  events: CommunityEvent[];
  emptyText: string;
  muted?: boolean;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{title}</h2>
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} muted={muted} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventCard({ event, muted }: { event: CommunityEvent; muted: boolean }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  return (
    <Card className={muted ? "opacity-80" : undefined} data-testid="event-card">
      <CardContent className="flex flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold">{event.title}</h3>
        <p className="inline-flex items-center gap-2 text-sm">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" />
          <time dateTime={event.startsAt}>{f.fullDateTime(event.startsAt)}</time>
        </p>
        {event.location && (
          <p className="inline-flex items-center gap-2 text-sm">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {event.location}
          </p>
        )}
        <p className="whitespace-pre-line text-sm text-muted-foreground">{event.description}</p>
        {event.rsvpUrl && (
          <a
            href={event.rsvpUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-2 hover:underline"
          >
            {t("RSVP")} <ExternalLink className="h-3 w-3" aria-hidden="true" />
            <span className="sr-only">{t("(opens in a new tab)")}</span>
          </a>
        )}
      </CardContent>
    </Card>
  );
}
