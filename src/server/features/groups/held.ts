/**
 * What a moderator's decision does to a group held for a check (docs/decisions/020 "Held before it
 * lands"): let through, it is listed and found as its owner set it; removed, its words are cleared and
 * it is hidden, so nobody outside it finds it again.
 */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { groups } from "../../db/schema";
import type { HeldTextOwner } from "../moderation";

export const heldGroups: HeldTextOwner = {
  async release(tx: Tx, groupId: string) {
    await tx.update(groups).set({ held: false, updatedAt: sql`now()` }).where(eq(groups.id, groupId));
  },
  async remove(tx: Tx, groupId: string) {
    await tx
      .update(groups)
      .set({
        held: false,
        visibility: "hidden",
        // An application needs questions: with none left, the group is joined by invitation.
        joinRule: sql`case when ${groups.joinRule} = 'application' then 'invite' else ${groups.joinRule} end`,
        description: "",
        welcome: "",
        rules: "",
        questions: sql`'[]'::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, groupId));
  },
};
