/**
 * Notification preferences (docs/features/notifications.md point 4; docs/DESIGN.md §6a): what a user
 * hears about outside the app, per category and channel. In the app every notification shows. A user row
 * keeps only its changes to the defaults (everything on), so a category added later is on for everyone;
 * the newsletter's email is the profile's mailing-list opt-in.
 */
import { eq } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import {
  DELIVERY_CATEGORIES,
  type DeliveryCategory,
  type EmailCategory,
  type NotificationPreferences,
  type NotificationType,
  type UpdateNotificationPreferences,
} from "../../../contract/notifications";
import { type Executor, inTransaction } from "../../db/client";
import { type UserRow, users } from "../../db/schema";
import { notFound } from "../../errors";
import { setNewsletterOptIn } from "../newsletter";
import { saveNotificationPreferences } from "../users";

type PreferenceSource = Pick<UserRow, "notificationPreferences" | "newsletterOptIn">;
export type DeliveryChannel = "push" | "email";

/** A user's preferences, every category filled in. */
export function preferencesOf(user: PreferenceSource): NotificationPreferences {
  const stored = user.notificationPreferences ?? {};
  const channels = (category: DeliveryCategory) => ({
    push: stored[category]?.push !== false,
    email: stored[category]?.email !== false,
  });
  return {
    requests: channels("requests"),
    messages: channels("messages"),
    reviews: channels("reviews"),
    reminders: channels("reminders"),
    alerts: channels("alerts"),
    newsletter: { email: user.newsletterOptIn },
  };
}

/** Whether `user` wants `category` by `channel`. */
export function wants(user: PreferenceSource, category: DeliveryCategory, channel: DeliveryChannel): boolean {
  return preferencesOf(user)[category][channel];
}

/**
 * The category a notification goes out under by push and email, or null when it stays in the app.
 * docs/features/notifications.md point 2 lists what goes out: a new request (to the cook); accepted,
 * declined or cancelled (to the other party; the requests service keeps a completion in the app, where
 * the review it asks for waits); a new message; a review received; a pickup reminder, and a cook's
 * certificate reminder with it.
 */
export function deliveryCategoryOf(type: NotificationType): DeliveryCategory | null {
  switch (type) {
    case "request_new":
    case "request_status":
    case "waitlist_offer":
    case "draw":
      return "requests";
    case "message_new":
    case "pickup_update":
      return "messages";
    case "review_received":
      return "reviews";
    case "pickup_reminder":
    case "cook_certificate":
      return "reminders";
    // A saved meal taken or ending goes out as the member's alerts do.
    case "saved_meal":
      return "alerts";
    // A meal alert goes out as its alert's digest (features/alerts/digest.ts), not one by one.
    default:
      return null;
  }
}

/**
 * Changes some channels and keeps the rest; `newsletter.email` subscribes or unsubscribes the
 * user's address from the mailing list.
 * @returns the preferences after the change
 * @throws AppError 404 when the user is gone
 */
export async function updatePreferences(
  db: Executor,
  userId: string,
  changes: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  return inTransaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update").limit(1);
    if (!user) throw notFound(msg("User not found"));
    const stored = { ...user.notificationPreferences };
    for (const category of DELIVERY_CATEGORIES) {
      const change = changes[category];
      if (change) stored[category] = { ...stored[category], ...change };
    }
    await saveNotificationPreferences(tx, userId, stored);
    const newsletter = changes.newsletter?.email;
    if (newsletter !== undefined && newsletter !== user.newsletterOptIn) {
      await setNewsletterOptIn(tx, user, newsletter);
    }
    return preferencesOf({
      notificationPreferences: stored,
      newsletterOptIn: newsletter ?? user.newsletterOptIn,
    });
  });
}

/** Turns one category's email off (an unsubscribe link); doing it twice changes nothing. */
export async function stopEmails(db: Executor, userId: string, category: EmailCategory): Promise<void> {
  await updatePreferences(
    db,
    userId,
    category === "newsletter" ? { newsletter: { email: false } } : { [category]: { email: false } },
  );
}
