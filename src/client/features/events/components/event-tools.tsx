import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { fieldAria } from "@/client/components/ui/field-error";
import { Input } from "@/client/components/ui/input";
import { Textarea } from "@/client/components/ui/textarea";
import { toast } from "@/client/components/ui/use-toast";
import { useFormat } from "@/client/lib/format";
import { applyServerErrors } from "@/client/lib/forms";
import { useCreateEvent, useDeleteEvent, useEvents } from "../api/events";

/** Admins add and remove community events (docs/features/safety-and-admin.md). */
export function EventTools() {
  const { t } = useTranslation("app");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("Community Events")}</CardTitle>
        <CardDescription>{t("Add events neighbours see on the Events page.")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <NewEventForm />
        <EventList />
      </CardContent>
    </Card>
  );
}

/** A new event's empty form. */
const EMPTY_EVENT = { title: "", description: "", startsAt: "", location: "", rsvpUrl: "" };
type EventField = keyof typeof EMPTY_EVENT;

/** A new event: the server validates it (createEventSchema) and answers field errors. */
function NewEventForm() {
  const { t } = useTranslation("app");
  const create = useCreateEvent();
  const prefix = useId();
  // startsAt is local time here, sent as an ISO date-time.
  const { register, handleSubmit, setError, reset, formState } = useForm({ defaultValues: EMPTY_EVENT });
  const errors = formState.errors;
  const id = (name: EventField) => `${prefix}${name}`;
  const field = (name: EventField) => ({ ...fieldAria(id(name), errors[name]?.message), ...register(name) });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...values, startsAt: values.startsAt ? new Date(values.startsAt).toISOString() : "" },
      {
        onSuccess: () => {
          reset();
          toast({ title: t("Event created.") });
        },
        onError: (error) => applyServerErrors(setError, error),
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      <FormField
        id={id("title")}
        label={t("Event title")}
        error={errors.title?.message}
        className="sm:col-span-2"
      >
        <Input {...field("title")} maxLength={120} required />
      </FormField>
      <FormField
        id={id("description")}
        label={t("Event description")}
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea {...field("description")} maxLength={2000} required />
      </FormField>
      <FormField id={id("startsAt")} label={t("Starts at")} error={errors.startsAt?.message}>
        <Input {...field("startsAt")} type="datetime-local" required />
      </FormField>
      <FormField id={id("location")} label={t("Location (optional)")} error={errors.location?.message}>
        <Input {...field("location")} maxLength={300} />
      </FormField>
      <FormField
        id={id("rsvpUrl")}
        label={t("RSVP link (optional)")}
        error={errors.rsvpUrl?.message}
        className="sm:col-span-2"
      >
        <Input {...field("rsvpUrl")} type="url" placeholder={t("https://")} />
      </FormField>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={create.isPending}>
        {t("Add Event")}
      </Button>
    </form>
  );
}

/** The events to come, each with its delete button. */
function EventList() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { data: events = [] } = useEvents();
  const remove = useDeleteEvent();
  if (events.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {events.map((event) => (
        <li key={event.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{event.title}</p>
            <p className="text-sm text-muted-foreground">{f.dateTime(event.startsAt)}</p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("Delete {{title}}", { title: event.title })}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(event.id, { onSuccess: () => toast({ title: t("Event deleted.") }) })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
