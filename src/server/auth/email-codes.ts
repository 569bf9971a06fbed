/**
 * Emailed one-time codes (docs/decisions/016 "Codes"): a six-digit code to type and the same as a
 * link to tap, for signing in or for confirming a new email address. Each is single use, lasts
 * `CODE_TTL_MINUTES`, works only in the browser (or session) that asked, and dies after
 * `MAX_WRONG_CODES` wrong tries. The table keeps HMAC-SHA256s under a key derived from the server's
 * secret, never a code or token, so a copy of the database signs nobody in.
 *
 * Sending is limited per address and per who asked (docs/decisions/020 "Lock-out"): the owner — the
 * browser that holds the address's last session, or the member themselves — has an allowance of their
 * own (`SENDS_PER_MINUTE`, `SENDS_PER_DAY`), so codes others ask for can never use it up; anyone else's
 * asks come out of the inbox's and their client's daily mail caps (mail-caps.ts). Counted in the
 * database under a per-address lock, so every instance on one database shares the count.
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { msg } from "../../contract/messages";
import { type Db, type Executor, queryRows } from "../db/client";
import { signInCodes } from "../db/schema";
import { AppError } from "../errors";
import { type MailCaps, takeMailSlot } from "../mail-caps";

/** How long a code and its link work. */
export const CODE_TTL_MINUTES = 15;
/** Wrong codes (or links) that end a code: the next try is refused even when right. */
export const MAX_WRONG_CODES = 5;
/** Codes one address may be sent per minute, and per day, for each kind of asker. */
export const SENDS_PER_MINUTE = 1;
export const SENDS_PER_DAY = 10;
/** New addresses a member may ask a code for in a day (the email-change form). */
export const EMAIL_CHANGES_PER_DAY = 5;
/** How long a new member's verified code waits for their name. */
const PROFILE_MINUTES = 30;

export type CodePurpose = "sign_in" | "email_change" | "delete_account" | "proof";

/** Who asked for a code (docs/decisions/020 "Lock-out"). */
export type Requester =
  /** The owner: a browser holding the address's last session, or the signed-in member themselves. */
  | { kind: "owner" }
  /** Anyone else: counted against the inbox's and this client's mail caps. */
  | { kind: "other"; client: string | null; caps: MailCaps };

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "", "mealshare emailed codes v1", 32));
const mac = (secret: string, kind: string, value: string) =>
  createHmac("sha256", keyOf(secret)).update(`${kind}:${value}`).digest("base64url");
const bindingHash = (binding: string) => createHash("sha256").update(binding).digest("base64url");

/**
 * The six digits of the code whose link carries `linkSecret`: derived from it, so a link opened on
 * another device can show the code to type where it was asked for (docs/decisions/016 "Links"). It
 * tells its holder nothing the email did not: the same email carries both. Without the link the code
 * is as unguessable as a random one.
 */
export function codeOfLink(secret: string, linkSecret: string): string {
  const digest = createHmac("sha256", keyOf(secret)).update(`code-of-link:${linkSecret}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

/**
 * The code of a link that can still be used somewhere: its id and secret part match a sign-in code
 * not yet used, tried out or expired. Null otherwise — an old or made-up link shows no code.
 */
export async function liveCodeOfLink(
  db: Db,
  secret: string,
  id: string,
  linkSecret: string,
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from sign_in_codes
        where id = ${id} and purpose = 'sign_in' and link_hash = ${mac(secret, "link", linkSecret)}
          and used_at is null and verified_at is null and attempts < ${MAX_WRONG_CODES} and expires_at > now()`,
  );
  return row ? codeOfLink(secret, linkSecret) : null;
}

/** A code just made: what the email and the browser's cookie carry. Never stored. */
export interface IssuedCode {
  id: string;
  /** Six digits, e.g. "048213". */
  code: string;
  /** The link's token: `${id}.${secret part}`. */
  linkToken: string;
}

/**
 * Makes a code for `email` unless the asker has had their share for it: the owner their own allowance,
 * anyone else the inbox's and their client's mail caps (docs/decisions/020 "Lock-out").
 * @param binding what only the asking browser holds (its cookie's random part), or a session id
 * @returns the code, or `limited` when this asker was sent one for the address within the minute, or
 *   has no more today
 */
export async function issueCode(
  db: Db,
  secret: string,
  input: { purpose: CodePurpose; email: string; binding: string; userId?: string; requester: Requester },
): Promise<IssuedCode | { limited: "minute" | "day" }> {
  const email = input.email.toLowerCase();
  const token = randomBytes(24).toString("base64url");
  const code = codeOfLink(secret, token);
  const requester = input.requester.kind;
  return db.transaction(async (tx) => {
    // Two instances asked at once for one address count one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`);
    const [sent] = await queryRows<{ minute: number; day: number }>(
      tx,
      sql`select count(*) filter (where created_at > now() - interval '1 minute')::int as minute,
                 count(*)::int as day
          from sign_in_codes
          where email = ${email} and requester = ${requester} and created_at > now() - interval '1 day'`,
    );
    if (sent.minute >= SENDS_PER_MINUTE) return { limited: "minute" as const };
    if (input.requester.kind === "owner") {
      if (sent.day >= SENDS_PER_DAY) return { limited: "day" as const };
    } else if (
      !(await takeMailSlot(tx, { to: email, client: input.requester.client }, input.requester.caps))
    ) {
      return { limited: "day" as const };
    }
    const [row] = await tx
      .insert(signInCodes)
      .values({
        purpose: input.purpose,
        requester,
        email,
        userId: input.userId ?? null,
        codeHash: mac(secret, "code", code),
        linkHash: mac(secret, "link", token),
        browserHash: bindingHash(input.binding),
        expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
      })
      .returning({ id: signInCodes.id });
    return { id: row.id, code, linkToken: `${row.id}.${token}` };
  });
}

/**
 * The answer of a signed-in member's ask for a code (a new email, a deletion) when the address had one
 * a moment ago: 429, try again in a minute.
 */
export const codeSentTooOften = () =>
  new AppError(
    429,
    "too_many_codes",
    msg("A code went to this address a moment ago. Use it, or ask again in a minute."),
    undefined,
    undefined,
    60,
  );

/** Why a code or link was not accepted; each has its own words on the page. */
export type CodeRefusal =
  | "wrong"
  | "too_many"
  | "expired"
  | "used"
  | "replaced"
  | "other_browser"
  | "unknown";

/**
 * Checks a typed code (or a tapped link's token) against the code `id` the browser holds, in one
 * statement, so two tries at once cannot both pass or both miss a wrong count.
 * @param given `{ code }` typed, or `{ link }` the token's secret part
 * @returns the code's address on success (it is then verified, and works no more), else why not
 */
export async function checkCode(
  db: Db,
  secret: string,
  input: { id: string; binding: string; purpose: CodePurpose } & ({ code: string } | { link: string }),
): Promise<{ email: string; userId: string | null } | { refused: CodeRefusal }> {
  const column = "code" in input ? "code_hash" : "link_hash";
  const hash = "code" in input ? mac(secret, "code", input.code) : mac(secret, "link", input.link);
  const right = sql`${sql.raw(column)} = ${hash}`;
  const [checked] = await queryRows<{ ok: boolean; email: string; userId: string | null }>(
    db,
    sql`update sign_in_codes set
          attempts = attempts + case when ${right} then 0 else 1 end,
          verified_at = case when ${right} then now() else verified_at end
        where id = ${input.id} and purpose = ${input.purpose} and browser_hash = ${bindingHash(input.binding)}
          and used_at is null and verified_at is null and attempts < ${MAX_WRONG_CODES}
          and expires_at > now()
        returning ${right} as ok, email, user_id as "userId"`,
  );
  if (checked?.ok) return { email: checked.email, userId: checked.userId };
  if (checked) return { refused: (await rightForAnother(db, hash, column, input)) ?? "wrong" };
  // Nothing counted: say why, from the row as it is.
  const [row] = await db.select().from(signInCodes).where(eq(signInCodes.id, input.id)).limit(1);
  if (!row || row.purpose !== input.purpose) return { refused: "unknown" };
  if (row.browserHash !== bindingHash(input.binding)) return { refused: "other_browser" };
  if (row.usedAt || row.verifiedAt) return { refused: "used" };
  if (row.attempts >= MAX_WRONG_CODES) return { refused: "too_many" };
  return { refused: "expired" };
}

/**
 * A wrong code that is right for another live code of the same address: a newer one replaced it
 * (same browser), or it was asked for elsewhere.
 */
async function rightForAnother(
  db: Db,
  hash: string,
  column: string,
  input: { id: string; binding: string },
): Promise<CodeRefusal | undefined> {
  const [other] = await queryRows<{ sameBrowser: boolean }>(
    db,
    sql`select other.browser_hash = ${bindingHash(input.binding)} as "sameBrowser"
        from sign_in_codes this join sign_in_codes other on other.email = this.email and other.id <> this.id
        where this.id = ${input.id} and other.${sql.raw(column)} = ${hash}
          and other.expires_at > now() - interval '1 day'
        limit 1`,
  );
  if (!other) return undefined;
  return other.sameBrowser ? "replaced" : "other_browser";
}

/**
 * Spends a verified code: the one step that signs someone in or changes an address, done once.
 * A verified sign-in code waits `PROFILE_MINUTES` for a new member's name.
 * @returns its address, or null when it was spent already, never verified, or waited too long
 */
export async function spendCode(
  db: Db,
  input: { id: string; binding: string; purpose: CodePurpose },
): Promise<{ email: string; userId: string | null } | null> {
  const [row] = await db
    .update(signInCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(signInCodes.id, input.id),
        eq(signInCodes.purpose, input.purpose),
        eq(signInCodes.browserHash, bindingHash(input.binding)),
        sql`${signInCodes.usedAt} is null`,
        sql`${signInCodes.verifiedAt} > now() - make_interval(mins => ${PROFILE_MINUTES})`,
      ),
    )
    .returning({ email: signInCodes.email, userId: signInCodes.userId });
  return row ?? null;
}

/** Whether the browser's code `id` has been verified and waits, unspent, for a new member's name. */
export async function codeAwaitsProfile(db: Db, input: { id: string; binding: string }): Promise<boolean> {
  const [row] = await queryRows<{ waiting: boolean }>(
    db,
    sql`select true as waiting from sign_in_codes
        where id = ${input.id} and browser_hash = ${bindingHash(input.binding)} and used_at is null
          and verified_at > now() - make_interval(mins => ${PROFILE_MINUTES})`,
  );
  return Boolean(row?.waiting);
}

/**
 * The newest code of `purpose` that `userId` has not spent: the one a typed code is checked against.
 * @returns its id, or undefined when there is none
 */
export async function latestUnusedCode(
  db: Executor,
  userId: string,
  purpose: CodePurpose,
): Promise<{ id: string } | undefined> {
  const [latest] = await db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .where(and(eq(signInCodes.userId, userId), eq(signInCodes.purpose, purpose), isNull(signInCodes.usedAt)))
    .orderBy(desc(signInCodes.createdAt))
    .limit(1);
  return latest;
}
