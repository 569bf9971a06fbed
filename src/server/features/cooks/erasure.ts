/** Leaving MealShare (docs/decisions/017): the member's cook applications and their documents go. */
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../db/client";

/**
 * Deletes the member's cook applications.
 * @returns the photo store's keys of their documents, for the caller to delete once committed
 */
export async function eraseCookApplications(tx: Executor, memberId: string): Promise<string[]> {
  const documents = await queryRows<{ key: string }>(
    tx,
    sql`select document_key as key from cook_applications where user_id = ${memberId} and document_key is not null`,
  );
  await tx.execute(sql`delete from cook_applications where user_id = ${memberId}`);
  return documents.map((row) => row.key);
}
