/**
 * What a moderator's decision does to a held bio (docs/decisions/020 "Held before it lands"): let
 * through, others read it; removed, the member has no bio.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import type { HeldTextOwner } from "../moderation";

export const heldBios: HeldTextOwner = {
  async release(tx: Tx, userId: string) {
    await tx.update(users).set({ bioHeld: false, updatedAt: sql`now()` }).where(eq(users.id, userId));
  },
  async remove(tx: Tx, userId: string) {
    await tx
      .update(users)
      .set({ bio: null, bioHeld: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },
};
