/**
 * The notification centre (docs/features/everyday-journey.md): a bell in the navigation with the unread
 * count, opening a panel of the newest notifications — new requests, status changes, messages, reviews
 * received, resolved reports — each linking to its thread or page, with Mark all as read. The list is
 * the one the live stream keeps current; opening an item's page marks it read there.
 */
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { useFormat } from "@/client/lib/format";
import { useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import { notificationsQuery } from "../api/get-notifications";
import { useMarkNotificationsRead } from "../api/mark-read";

export function NotificationBell({ className }: { className?: string }) {
  const { t } = useTranslation("app");
  const f = useFormat();
  const say = useMessages();
  const { data: notifications = [], isError, refetch } = useQuery(notificationsQuery);
  const markRead = useMarkNotificationsRead();
  const unread = notifications.filter((notification) => !notification.isRead).length;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn("relative", className)}
          aria-label={
            unread > 0 ? t("Notifications, {{count}} unread", { count: unread }) : t("Notifications")
          }
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -end-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white"
              data-testid="notification-count"
            >
              {unread}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-[min(22rem,calc(100vw-2rem))]">
        <div className="flex items-center justify-between gap-2">
          <DropdownMenuLabel>{t("Notifications")}</DropdownMenuLabel>
          {unread > 0 && (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-2"
              onClick={() => markRead.mutate({})}
              disabled={markRead.isPending}
            >
              {t("Mark all as read")}
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {isError ? (
          <div role="alert" className="flex flex-col items-start gap-1 px-2 py-3 text-sm">
            {t("Could not load notifications.")}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void refetch()}>
              {t("Retry")}
            </Button>
          </div>
        ) : notifications.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">{t("No notifications yet.")}</p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto" data-testid="notification-list">
            {notifications.map((notification) => (
              <DropdownMenuItem key={notification.id} asChild>
                <Link href={notification.link} className="flex items-start gap-2">
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mt-1.5 h-2 w-2 shrink-0 rounded-full",
                      notification.isRead ? "bg-transparent" : "bg-red-600",
                    )}
                  />
                  <span className="flex flex-col gap-0.5">
                    <span className={notification.isRead ? "text-muted-foreground" : "font-medium"}>
                      {/* In the reader's language; older rows have only their English. */}
                      {notification.textKey
                        ? say(notification.textKey, notification.textParams)
                        : notification.text}
                      {!notification.isRead && <span className="sr-only"> {t("(unread)")}</span>}
                    </span>
                    <time dateTime={notification.createdAt} className="text-xs text-muted-foreground">
                      {f.ago(notification.createdAt)}
                    </time>
                  </span>
                </Link>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
