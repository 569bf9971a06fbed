/**
 * Changing the account's email (docs/decisions/020 "Email change"), so that a session someone else got
 * hold of cannot take the account over:
 * 1. a fresh proof first — a code sent to the current address, or a passkey (proof.ts);
 * 2. a code to the new address (counted under that inbox's mail caps; nothing is sent to an address
 *    that belongs to another member, and a member may try a few addresses a day);
 * 3. once confirmed, the old address is told, with a link that undoes the change for `UNDO_DAYS`, and
 *    every other session is signed out;
 * 4. undoing puts the old address back, signs every device out and removes passkeys added since.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import escapeHtml from "escape-html";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { changeEmailSchema, confirmEmailSchema } from "../../contract/account";
import { type CurrentUser, currentUserSchema } from "../../contract/auth";
import { errorSchema } from "../../contract/common";
import { type Language, supportedLanguage } from "../../contract/i18n";
import { type Message, type MessageParams, msg } from "../../contract/messages";
import type { Config } from "../config";
import { type Db, inTransaction, queryRows } from "../db/client";
import { emailChanges, passkeys, users } from "../db/schema";
import { AppError, conflict, sqlState, validation } from "../errors";
import { translate } from "../i18n";
import type { Mailer } from "../mail";
import { clientKeyOf } from "../mail-caps";
import type { Actor } from "./actor";
import { sendCodeEmail } from "./code-email";
import { registerFormBodyParser } from "./dev-idp";
import {
  checkCode,
  codeSentTooOften,
  EMAIL_CHANGES_PER_DAY,
  issueCode,
  latestUnusedCode,
  spendCode,
} from "./email-codes";
import { REFUSALS } from "./email-sign-in";
import { type PageWords, sayTo, sendPage, simplePage } from "./pages";
import { onlyEmailSignIn } from "./passkey-routes";
import { assertOwnerProof } from "./proof";
import { ownSession } from "./session-routes";
import { endSessions } from "./sessions";
import { EMAIL_ISSUER, presentCurrentUser, signInRateLimit } from "./users";

/** How long the old address's link can undo a change. */
export const UNDO_DAYS = 7;
/** Where the old address's link goes. */
export const UNDO_PATH = "/api/auth/email/undo";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tokenHash = (secret: string) => createHash("sha256").update(secret).digest("hex");

/**
 * Whether `email` is, or reaches the inbox of, another member's address: no code goes there from this
 * form (docs/decisions/020 "Lock-out").
 */
async function belongsToAnother(db: Db, memberId: string, email: string): Promise<boolean> {
  const [row] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from users where id <> ${memberId}
          and (email = ${email} or inbox_key = mealshare_inbox_key(${email})) limit 1`,
  );
  return Boolean(row);
}

/** How many new addresses the member asked a code for in the last day. */
async function changesAskedToday(db: Db, memberId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sign_in_codes
        where user_id = ${memberId} and purpose = 'email_change' and created_at > now() - interval '1 day'`,
  );
  return row.n;
}

/**
 * Checks and spends the member's latest email-change code, sent for this session.
 * @returns the spent code, with the new address it was sent to
 * @throws AppError 400 a missing, wrong or spent code; 429 too many wrong tries
 */
async function spendChangeCode(
  db: Db,
  config: Config,
  own: { user: Actor; sessionId: string },
  code: string,
) {
  const latest = await latestUnusedCode(db, own.user.id, "email_change");
  if (!latest) throw validation(REFUSALS.unknown);
  const pending = { id: latest.id, binding: own.sessionId, purpose: "email_change" as const };
  const checked = await checkCode(db, config.sessionSecret, { ...pending, code });
  if ("refused" in checked) {
    if (checked.refused === "too_many") throw new AppError(429, "too_many_codes", REFUSALS.too_many);
    throw validation(REFUSALS[checked.refused]);
  }
  const spent = await spendCode(db, pending);
  if (!spent || spent.userId !== own.user.id) throw validation(REFUSALS.used);
  return spent;
}

/**
 * Confirms the new address with its code: changes it, records the change with an undo link, tells the
 * old address and signs every other session out.
 * @returns the member as they see themselves now
 * @throws AppError 400 a missing, wrong or spent code; 429 too many wrong tries; 409 `email_taken`
 */
async function confirmChange(
  deps: { db: Db; config: Config; mailer: Mailer; log: FastifyBaseLogger },
  own: { user: Actor; sessionId: string },
  code: string,
): Promise<CurrentUser> {
  const { db, config } = deps;
  const { user, sessionId } = own;
  const spent = await spendChangeCode(db, config, own, code);
  const undoId = randomUUID();
  const undoSecret = randomBytes(24).toString("base64url");
  let changed: typeof users.$inferSelect;
  try {
    changed = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          email: spent.email,
          emailVerified: true,
          // A new address is mailed from no failures (notifications/email-delivery.ts).
          mailFailures: 0,
          mailStoppedAt: null,
          ...(user.oidcIssuer === EMAIL_ISSUER ? { oidcSubject: spent.email } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id))
        .returning();
      await tx.insert(emailChanges).values({
        id: undoId,
        userId: user.id,
        oldEmail: user.email,
        newEmail: spent.email,
        undoHash: tokenHash(undoSecret),
        undoUntil: sql`now() + make_interval(days => ${UNDO_DAYS})`,
      });
      // A session someone else holds ends with the change.
      await endSessions(tx, user.id, { except: sessionId });
      return row;
    });
  } catch (error) {
    if (sqlState(error) === "23505") {
      throw conflict(msg("That email address belongs to another account."), "email_taken");
    }
    throw error;
  }
  const link = `${config.publicUrl}${UNDO_PATH}?token=${undoId}.${undoSecret}`;
  void deps.mailer
    .send(
      changedEmail({
        to: user.email,
        newEmail: spent.email,
        link,
        language: supportedLanguage(user.locale) ?? config.defaultLanguage,
      }),
    )
    .catch((error: Error) => deps.log.error({ err: error }, "email-change notice failed"));
  return presentCurrentUser(changed, config);
}

/** The email the old address gets (exported for its test). */
export function changedEmail(input: { to: string; newEmail: string; link: string; language: Language }) {
  const say = (message: Message, params?: MessageParams) => translate(message, input.language, "USD", params);
  const lines = [
    say(msg("The email address of your MealShare account was changed to {{email}}."), {
      email: input.newEmail,
    }),
    say(msg("If you did this, there is nothing to do.")),
    say(
      msg(
        "If you did not, undo it within {{days}} days with this link. Undoing puts this address back and signs every device out, so only you can sign in again:",
      ),
      { days: UNDO_DAYS },
    ),
    input.link,
  ];
  const e = escapeHtml;
  return {
    to: input.to,
    subject: say(msg("Your MealShare email address was changed")),
    text: lines.join("\n\n"),
    html: `<!doctype html>
<html lang="${e(input.language)}"><body style="font-family:system-ui,sans-serif;color:#1c1917;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">
${lines
  .slice(0, 3)
  .map((line) => `<p>${e(line)}</p>`)
  .join("\n")}
<p><a href="${e(input.link)}" style="display:inline-block;background:#b91c1c;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${e(say(msg("Undo the change")))}</a></p>
</body></html>`,
    headers: {},
  };
}

/** The undo link's page: what it does, and the button that does it (a POST, so a link preview cannot). */
function undoPage(words: PageWords, token: string) {
  const { say } = words;
  return simplePage(
    words,
    msg("Undo the email change"),
    `<p>${say(msg("This puts your old address back on your MealShare account and signs every device out. Then sign in with your old address."))}</p>
<form method="post" action="${UNDO_PATH}"><input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${say(msg("Undo the change"))}</button></form>`,
  );
}

/**
 * Undoes a change from its link: the old address back (and this change and any after it marked
 * undone), every session ended, passkeys added since removed.
 * @returns what the page says
 */
async function undoChange(db: Db, token: string): Promise<Message> {
  const [id, secret] = token.split(".");
  if (!z.uuid().safeParse(id).success || !secret) return msg("This link cannot be used.");
  return inTransaction(db, async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(
        and(
          eq(emailChanges.id, id),
          eq(emailChanges.undoHash, tokenHash(secret)),
          isNull(emailChanges.undoneAt),
          gt(emailChanges.undoUntil, sql`now()`),
        ),
      )
      .for("update")
      .limit(1);
    if (!change) return msg("This link has expired or was used already.");
    const [member] = await tx.select().from(users).where(eq(users.id, change.userId)).limit(1);
    if (!member) return msg("This link has expired or was used already.");
    const [taken] = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from users where id <> ${member.id} and email = ${change.oldEmail} limit 1`,
    );
    if (taken)
      return msg(
        "Another account uses your old address now. Write to the MealShare team from the Help page.",
      );
    await tx
      .update(users)
      .set({
        email: change.oldEmail,
        emailVerified: true,
        mailFailures: 0,
        mailStoppedAt: null,
        ...(member.oidcIssuer === EMAIL_ISSUER ? { oidcSubject: change.oldEmail } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, member.id));
    await tx
      .update(emailChanges)
      .set({ undoneAt: sql`now()` })
      .where(and(eq(emailChanges.userId, member.id), sql`${emailChanges.createdAt} >= ${change.createdAt}`));
    await tx
      .delete(passkeys)
      .where(and(eq(passkeys.userId, member.id), sql`${passkeys.createdAt} >= ${change.createdAt}`));
    await endSessions(tx, member.id, { except: "" });
    return msg("Your old address is back, and every device was signed out. Sign in with your old address.");
  });
}

/** Registers the email change's routes: the signed-in ones check the session themselves. */
export function registerEmailChangeRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; mailer: Mailer },
) {
  const { db, config, mailer } = deps;
  const emailSignIn = config.signIn === "email";
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/email/proof",
    {
      schema: {
        tags: ["account"],
        summary: "Email a code to your current address that confirms it is you, before changing the email",
        response: { 202: z.object({ sentTo: z.string() }), 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = ownSession(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      const issued = await issueCode(db, config.sessionSecret, {
        purpose: "proof",
        email: user.email,
        binding: sessionId,
        userId: user.id,
        requester: { kind: "owner" },
      });
      if ("limited" in issued) throw codeSentTooOften();
      sendCodeEmail(
        { db, mailer, publicUrl: config.publicUrl, log: request.log },
        { to: user.email, purpose: "proof", issued, language: request.lng },
      );
      reply.status(202);
      return { sentTo: user.email };
    },
  );
  registerEmailRequestRoute(app, deps);
  registerEmailConfirmRoute(app, deps);
}

/** Asking for the change: the new address is sent its link. */
function registerEmailRequestRoute(app: FastifyInstance, deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  const emailSignIn = config.signIn === "email";
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/email",
    {
      schema: {
        tags: ["account"],
        summary:
          "Change your email: with a fresh proof (the code sent to your current address, or a passkey), sends a " +
          "code to the new address",
        body: changeEmailSchema,
        response: { 202: z.object({ sentTo: z.string() }), 429: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const own = ownSession(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      const { email, code, passkey } = request.body;
      if (email === own.user.email) throw validation(msg("That is your email already."));
      await assertOwnerProof(db, config, own, { code, passkey }, "proof");
      if ((await changesAskedToday(db, own.user.id)) >= EMAIL_CHANGES_PER_DAY) {
        throw new AppError(
          429,
          "too_many_changes",
          msg("You have asked for {{count}} new addresses today. Try again tomorrow.", {
            count: EMAIL_CHANGES_PER_DAY,
          }),
        );
      }
      reply.status(202);
      // Another member's address gets nothing from this form, and the answer says nothing of them.
      if (await belongsToAnother(db, own.user.id, email)) return { sentTo: email };
      const issued = await issueCode(db, config.sessionSecret, {
        purpose: "email_change",
        email,
        binding: own.sessionId,
        userId: own.user.id,
        requester: {
          kind: "other",
          client: clientKeyOf(config.sessionSecret, request.ip),
          caps: config.mailCaps,
        },
      });
      if ("limited" in issued) throw codeSentTooOften();
      sendCodeEmail(
        { db, mailer, publicUrl: config.publicUrl, log: request.log },
        { to: email, purpose: "email_change", issued, language: request.lng },
      );
      return { sentTo: email };
    },
  );
}

/** The link sent to the new address confirms the change. */
function registerEmailConfirmRoute(app: FastifyInstance, deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config, mailer } = deps;
  const emailSignIn = config.signIn === "email";
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/email/confirm",
    {
      schema: {
        tags: ["account"],
        summary:
          "Confirm a new email with the code sent to it: the old address is told, with a link that undoes the " +
          "change for 7 days, and your other devices are signed out",
        body: confirmEmailSchema,
        response: { 200: currentUserSchema, 429: errorSchema, ...errors },
      },
    },
    async (request) => {
      const own = ownSession(request);
      if (!emailSignIn) throw onlyEmailSignIn();
      return confirmChange({ db, config, mailer, log: request.log }, own, request.body.code);
    },
  );

  // The old address's link: a page, and its button.
  registerUndoRoutes(app, db, config);
}

/** The undo link's page and its button (no session: the old address is proof enough). */
function registerUndoRoutes(app: FastifyInstance, db: Db, config: Config) {
  app.get(
    UNDO_PATH,
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }), hide: true } },
    async (request, reply) => {
      const token = (request.query as { token?: string }).token ?? "";
      return sendPage(reply, undoPage(sayTo(request), token));
    },
  );
  app.register(async (scope) => {
    registerFormBodyParser(scope);
    // Paced as sign-in is: the token is a secret worth guessing at.
    const rateLimit = { rateLimit: signInRateLimit(config) };
    scope.post(UNDO_PATH, { schema: { hide: true }, config: rateLimit }, async (request, reply) => {
      const token = String((request.body as { token?: unknown } | undefined)?.token ?? "").slice(0, 200);
      const said = await undoChange(db, token);
      return sendPage(
        reply,
        simplePage(
          sayTo(request),
          msg("Undo the email change"),
          `<p role="status">${sayTo(request).say(said)}</p>
<p><a href="/api/login">${sayTo(request).say(msg("Sign in"))}</a></p>`,
        ),
      );
    });
  });
}
