/**
 * A cook's connected Stripe Express account (docs/decisions/022 "Configuration"): made on their first
 * "Connect", finished on Stripe's onboarding pages (an account link), and able to take cards once
 * Stripe's `account.updated` event says `charges_enabled`.
 */
import { eq } from "drizzle-orm";
import { msg } from "../../../contract/messages";
import type { Executor } from "../../db/client";
import { paymentAccounts, type UserRow } from "../../db/schema";
import { forbidden } from "../../errors";
import type { Stripe } from "./stripe";

/** A cook's card payment account as Settings shows it. */
export interface CardAccount {
  connected: boolean;
  chargesEnabled: boolean;
}

/** The member's account, or none. */
export async function cardAccountOf(db: Executor, userId: string): Promise<CardAccount> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)).limit(1);
  return { connected: !!row, chargesEnabled: row?.chargesEnabled ?? false };
}

/**
 * Starts or resumes a registered cook's onboarding: makes their Express account once (idempotency key
 * = their id) and an account link back to Settings.
 * @returns the onboarding page's URL, valid for a few minutes
 * @throws AppError 403 for a member who is not a registered cook (only cooks sell meals: spec §2)
 */
export async function connectAccount(
  db: Executor,
  stripe: Stripe,
  member: UserRow,
  publicUrl: string,
): Promise<{ url: string }> {
  if (!member.isRegisteredCook) throw forbidden(msg("Only registered cooks can take card payments."));
  const [existing] = await db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, member.id))
    .limit(1);
  let accountId = existing?.accountId;
  if (!accountId) {
    const account = await stripe.accounts.create(
      {
        type: "express",
        email: member.email,
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { user_id: member.id },
      },
      { idempotencyKey: `account-${member.id}` },
    );
    await db
      .insert(paymentAccounts)
      .values({ userId: member.id, accountId: account.id })
      .onConflictDoNothing();
    accountId = account.id;
  }
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: `${publicUrl}/settings?payments=again`,
    return_url: `${publicUrl}/settings?payments=done`,
  });
  return { url: link.url };
}
