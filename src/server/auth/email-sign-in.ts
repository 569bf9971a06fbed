/**
 * MealShare's own sign-in, `SIGN_IN=email` (docs/decisions/016): `/api/login` asks for an email and
 * sends a one-time code and link (email-codes.ts); the code typed, or the link tapped, in the browser
 * that asked signs a known member in, or asks a new one for their name first. Every answer to "send me
 * a code" is the same for an address with an account and one without: the same page, the same
 * status, and the same work before it (the email goes out after the answer).
 *
 * The asking browser holds a signed cookie (`signin`, path /api/login, 30 minutes) with the code's id,
 * a random binding whose hash the code's row keeps, the address and where to go afterwards.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Message, msg } from "../../contract/messages";
import type { Config } from "../config";
import { type Db, queryRows } from "../db/client";
import type { Mailer } from "../mail";
import { clientKeyOf } from "../mail-caps";
import { sendCodeEmail } from "./code-email";
import { lastNameSchema, personNameSchema, registerFormBodyParser } from "./dev-idp";
import {
  type CodeRefusal,
  checkCode,
  codeAwaitsProfile,
  issueCode,
  liveCodeOfLink,
  type Requester,
  spendCode,
} from "./email-codes";
import {
  codePage,
  emailPage,
  linkElsewherePage,
  profilePage,
  refererPath,
  refusedPage,
  safeReturnTo,
  sayTo,
  sendPage,
  suspendedPage,
} from "./pages";
import { createSession, knownBrowserMember, setSessionCookie } from "./sessions";
import { createEmailMember, findEmailMember, signInRateLimit } from "./users";

const PENDING_COOKIE = "signin";
const PENDING_PATH = "/api/login";

const pendingSchema = z.object({
  id: z.uuid(),
  binding: z.string().min(20),
  email: z.string(),
  returnTo: z.string(),
});
type Pending = z.infer<typeof pendingSchema>;

const emailForm = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(320)),
  returnTo: z.string().max(500).optional(),
});
const codeForm = z.object({ code: z.string().max(20) });
const profileForm = z.object({ firstName: personNameSchema, lastName: lastNameSchema });
const linkQuery = z.object({ token: z.string().max(200).optional() });

/** What each refusal says (docs/decisions/016 "Codes"). */
export const REFUSALS: Record<CodeRefusal, Message> = {
  wrong: msg("That code is not right. Check the email and try again."),
  too_many: msg("Too many wrong codes: this one no longer works. Ask for a new code."),
  expired: msg("That code has expired. Ask for a new code."),
  used: msg("That code has been used already. Ask for a new code if you need one."),
  replaced: msg("A newer code replaced that one: use the code in the latest email."),
  other_browser: msg(
    "That code was asked for in another browser. Use it there, or ask for a new code in this one.",
  ),
  unknown: msg("Ask for a code first."),
};

/**
 * The steps the sign-in pages share: the pending code's signed cookie, and finishing with a session.
 * @returns `readPending` (undefined when the cookie is missing or forged), `writePending`, `finish`
 *   (signs a known member in, or asks a new member's name) and `startSession`
 */
function signInSteps(db: Db, config: Config) {
  const secure = config.publicUrl.startsWith("https://");

  const readPending = (request: FastifyRequest): Pending | undefined => {
    const unsigned = request.unsignCookie(request.cookies[PENDING_COOKIE] ?? "");
    if (!unsigned.valid || !unsigned.value) return undefined;
    try {
      const parsed = pendingSchema.safeParse(JSON.parse(unsigned.value));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  const writePending = (reply: FastifyReply, pending: Pending) =>
    reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
      path: PENDING_PATH,
      httpOnly: true,
      sameSite: "lax",
      secure,
      signed: true,
      maxAge: 30 * 60,
    });

  /** Signs `email`'s member in, or asks a new member's name; the code is verified already. */
  const finish = async (request: FastifyRequest, reply: FastifyReply, pending: Pending, email: string) => {
    const member = await findEmailMember(db, email);
    if (!member) {
      // The name step reads this code from the cookie: a link may have verified an older one.
      writePending(reply, pending);
      return sendPage(reply, profilePage(sayTo(request), { email }));
    }
    if (member.suspendedAt) return sendPage(reply, suspendedPage(sayTo(request)), 403);
    if (!(await spendCode(db, { ...pending, purpose: "sign_in" }))) {
      return sendPage(reply, refusedPage(sayTo(request), REFUSALS.used, pending.returnTo), 400);
    }
    return startSession(request, reply, member.id, pending.returnTo);
  };

  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: string, to: string) => {
    const token = await createSession(db, userId, request.headers["user-agent"], request.ip);
    reply.clearCookie(PENDING_COOKIE, { path: PENDING_PATH });
    setSessionCookie(reply, token, config.publicUrl, userId);
    return reply.redirect(safeReturnTo(to, config.publicUrl), 303);
  };
  return { readPending, writePending, finish, startSession };
}

/** Registers the emailed sign-in's routes (the pages are form posts; no script needed). */
export function registerEmailSignIn(app: FastifyInstance, deps: { db: Db; config: Config; mailer: Mailer }) {
  const { db, config } = deps;
  const rateLimit = { rateLimit: signInRateLimit(config) };
  const { readPending, writePending, finish, startSession } = signInSteps(db, config);

  app.get(
    "/api/login",
    {
      schema: { querystring: z.object({ returnTo: z.string().max(500).optional() }), hide: true },
      config: { ...rateLimit, inputGuard: false },
    },
    async (request, reply) => {
      const { returnTo } = request.query as { returnTo?: string };
      const to = safeReturnTo(returnTo ?? refererPath(request, config), config.publicUrl);
      return sendPage(reply, emailPage(sayTo(request), { returnTo: to }));
    },
  );

  app.register(async (scope) => {
    registerFormBodyParser(scope);

    registerCodeRequest(scope, deps, writePending);
    registerCodeEntry(scope, db, config, { readPending, finish, startSession });
  });

  registerLinkRoute(app, db, config, { readPending, finish });
}

/** The address form's post: a code is mailed, and the page asks for it (docs/decisions/016). */
function registerCodeRequest(
  scope: FastifyInstance,
  deps: { db: Db; config: Config; mailer: Mailer },
  writePending: ReturnType<typeof signInSteps>["writePending"],
) {
  const { db, config } = deps;
  const secret = config.sessionSecret;
  const rateLimit = { rateLimit: signInRateLimit(config) };
  scope.post("/api/login/email", { schema: { hide: true }, config: rateLimit }, async (request, reply) => {
    const form = emailForm.safeParse(request.body);
    const words = sayTo(request);
    const returnTo = safeReturnTo(
      (request.body as { returnTo?: unknown } | undefined)?.returnTo as string | undefined,
      config.publicUrl,
    );
    if (!form.success) {
      return sendPage(reply, emailPage(words, { returnTo, error: msg("Enter a valid email address.") }), 400);
    }
    const { email } = form.data;
    const binding = randomBytes(24).toString("base64url");
    const requester = await requesterOf(db, config, request, email);
    const issued = await issueCode(db, secret, { purpose: "sign_in", email, binding, requester });
    if ("limited" in issued) {
      const notice =
        issued.limited === "minute"
          ? msg("A code went to this address less than a minute ago. Use it, or ask again in a minute.")
          : msg("This address has had ten codes today. Use the latest one, or try again tomorrow.");
      return sendPage(reply, codePage(words, { email, returnTo, notice }), 429);
    }
    writePending(reply, { id: issued.id, binding, email, returnTo });
    sendCodeEmail(
      { db, mailer: deps.mailer, publicUrl: config.publicUrl, log: request.log },
      { to: email, purpose: "sign_in", issued, language: request.lng },
    );
    return sendPage(reply, codePage(words, { email, returnTo }));
  });
}

/** The code's post, and a new member's profile after it (docs/decisions/016). */
function registerCodeEntry(
  scope: FastifyInstance,
  db: Db,
  config: Config,
  steps: Pick<ReturnType<typeof signInSteps>, "readPending" | "finish" | "startSession">,
) {
  const { readPending, finish, startSession } = steps;
  const secret = config.sessionSecret;
  const rateLimit = { rateLimit: signInRateLimit(config) };
  scope.post("/api/login/code", { schema: { hide: true }, config: rateLimit }, async (request, reply) => {
    const pending = readPending(request);
    const words = sayTo(request);
    if (!pending) return sendPage(reply, refusedPage(words, REFUSALS.unknown), 400);
    const form = codeForm.safeParse(request.body);
    const code = form.success ? form.data.code.replace(/\s/g, "") : "";
    if (!/^\d{6}$/.test(code)) {
      const error = msg("Type the six digits of the code.");
      return sendPage(reply, codePage(words, { ...pending, error }), 400);
    }
    const checked = await checkCode(db, secret, { ...pending, purpose: "sign_in", code });
    if ("refused" in checked) {
      const status = checked.refused === "too_many" ? 429 : 400;
      return sendPage(reply, codePage(words, { ...pending, error: REFUSALS[checked.refused] }), status);
    }
    return finish(request, reply, pending, checked.email);
  });

  scope.post("/api/login/profile", { schema: { hide: true }, config: rateLimit }, async (request, reply) => {
    const pending = readPending(request);
    const words = sayTo(request);
    if (!pending || !(await codeAwaitsProfile(db, pending))) {
      return sendPage(reply, refusedPage(words, REFUSALS.used), 400);
    }
    const form = profileForm.safeParse(request.body);
    if (!form.success) {
      const error = msg("Enter a first name.");
      return sendPage(reply, profilePage(words, { email: pending.email, error }), 400);
    }
    const spent = await spendCode(db, { ...pending, purpose: "sign_in" });
    if (!spent) return sendPage(reply, refusedPage(words, REFUSALS.used), 400);
    const member = await createEmailMember(db, { email: spent.email, ...form.data, locale: request.lng });
    if (member.suspendedAt) return sendPage(reply, suspendedPage(words), 403);
    return startSession(request, reply, member.id, pending.returnTo);
  });
}

/** The emailed link's route: signs in the browser that asked, shows the code anywhere else (docs/decisions/016 "Links"). */
function registerLinkRoute(
  app: FastifyInstance,
  db: Db,
  config: Config,
  steps: Pick<ReturnType<typeof signInSteps>, "readPending" | "finish">,
) {
  const secret = config.sessionSecret;
  const rateLimit = { rateLimit: signInRateLimit(config) };
  app.get(
    "/api/login/link",
    { schema: { querystring: linkQuery, hide: true }, config: { ...rateLimit, inputGuard: false } },
    async (request, reply) => {
      const words = sayTo(request);
      const [id, link] = ((request.query as { token?: string }).token ?? "").split(".");
      const pending = steps.readPending(request);
      if (!z.uuid().safeParse(id).success || !link) {
        return sendPage(reply, refusedPage(words, REFUSALS.unknown), 400);
      }
      // Only the browser that asked holds the binding (docs/decisions/016 "Links"); elsewhere the link
      // shows the code to type there.
      const elsewhere = async (returnTo?: string) =>
        sendPage(
          reply,
          linkElsewherePage(words, { code: await liveCodeOfLink(db, secret, id, link), returnTo }),
          400,
        );
      if (!pending) return elsewhere();
      const checked = await checkCode(db, secret, { id, binding: pending.binding, purpose: "sign_in", link });
      if ("refused" in checked) {
        if (checked.refused === "other_browser") return elsewhere(pending.returnTo);
        return sendPage(reply, refusedPage(words, REFUSALS[checked.refused], pending.returnTo), 400);
      }
      return steps.finish(request, reply, { ...pending, id }, checked.email);
    },
  );
}

/** Who asks for a code for `email`: its owner's browser, or anyone else (docs/decisions/020 "Lock-out"). */
async function requesterOf(
  db: Db,
  config: Config,
  request: FastifyRequest,
  email: string,
): Promise<Requester> {
  if (await isOwnersBrowser(db, request, email)) return { kind: "owner" };
  return { kind: "other", client: clientKeyOf(config.sessionSecret, request.ip), caps: config.mailCaps };
}

/**
 * Whether the asking browser holds the last session of the member whose address `email` is (its
 * signed `known` cookie names them): codes it asks for come from the owner's own allowance, which
 * others' asks cannot use up (docs/decisions/020 "Lock-out").
 */
async function isOwnersBrowser(db: Db, request: FastifyRequest, email: string): Promise<boolean> {
  const memberId = knownBrowserMember(request);
  if (!memberId || !z.uuid().safeParse(memberId).success) return false;
  const [member] = await queryRows<{ same: boolean }>(
    db,
    sql`select inbox_key = mealshare_inbox_key(${email}) as same from users where id = ${memberId}`,
  );
  return Boolean(member?.same);
}
