/**
 * The words of the review queue the browser needs without zod (docs/decisions/015 "Phones"): what a
 * held text's writer reads, and the signals' names as moderators read them (docs/decisions/020).
 */
import { type Message, msg } from "../messages";

/** What the writer of a held text reads beside it; the recipient reads nothing at all. */
export const HELD_NOTICE: Message = msg("Held for a quick check");

/** The signals' names as moderators read them. */
export const SIGNAL_LABELS: Record<string, Message> = {
  payment_link: msg("Payment link"),
  contact_link: msg("Link to a chat app"),
  short_link: msg("Shortened link"),
  email_address: msg("Email address"),
  phone_number: msg("Phone number"),
  payment_service: msg("Names a payment service"),
  money_ask: msg("Asks for money"),
  contact_ask: msg("Asks to talk elsewhere"),
  scam_promise: msg("Promises money"),
  link: msg("Link"),
  many_links: msg("Many links"),
  shouting: msg("All capitals"),
  near_copy: msg("Like removed spam"),
  reported: msg("Reported by a member"),
};
