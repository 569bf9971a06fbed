/**
 * The plain limit of three of the app's hot reads (docs/decisions/011): the same job as the app —
 * the session cookie looked up in PostgreSQL, the same rows read, the same JSON, compressed the way
 * the app compresses it — done with nothing but `node:http` and `pg`, each read one named prepared
 * statement, the body made with `JSON.stringify`. `npm run bench` (bench/limit.ts) measures the app
 * against it in the same run; it is no server to deploy: no CSRF, no ETag, no error shapes, only the
 * happy path.
 *
 * Endpoints: `GET /api/auth/user`, `GET /api/meals` (the first page, newest first, with its count)
 * and `GET /api/meals/{id}` (the meal, its owner, the viewer's open request, the waiting list and the
 * weekly series, in one statement). The feed and the detail run the app's own statements, so the
 * limit reads what the app reads. Run: `DATABASE_URL=… PORT=… npx tsx bench/limit-server.ts`.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { fillPlaceholders } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { isRenewalDue, todayIso } from "../src/contract/cooks";
import { allergyTokensOf } from "../src/contract/food-safety";
import { MEAL_PAGE_SIZE } from "../src/contract/meals";
import { compressionFor } from "../src/server/compression";
import { buildMealListStatements } from "../src/server/features/meals/list";
import { type MealRow, presentMeal, privatePickupOf } from "../src/server/features/meals/presenter";
import { mealDetailStatement } from "../src/server/features/meals/service";
import { encodeCursor } from "../src/server/pagination";

const databaseUrl = process.env.DATABASE_URL;
const port = Number(process.env.PORT ?? 5091);
if (!databaseUrl) throw new Error("DATABASE_URL is required");
/** As many connections as the app's pool (src/server/db/client.ts). */
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const dialect = new PgDialect();

/** The session's member: every column the current user's answer shows, or the lists need. */
const SESSION = {
  name: "limit_session",
  text: `select u.id, u.email, u.first_name, u.last_name, u.profile_image_url, u.bio, u.role, u.is_registered_cook,
            u.dietary_prefs, u.allergy_codes, u.allergies_other, u.diet_tags, u.newsletter_opt_in, u.locale,
            u.home_latitude, u.home_longitude, u.home_radius_km, u.home_label, u.created_at,
            to_char(u.cook_certificate_expires_on, 'YYYY-MM-DD') as cook_certificate_expires_on
         from sessions s join users u on u.id = s.user_id
         where s.id = $1 and s.expires_at > now() and u.suspended_at is null limit 1`,
};

/** The feed's first page: the very statement the app runs, with the viewer as a parameter. */
const VIEWER = "00000000-0000-4000-8000-00000000abcd";
const feed = await (async () => {
  const statements = await buildMealListStatements(undefined as never, {
    viewerId: VIEWER,
    limit: MEAL_PAGE_SIZE,
    withCount: true,
  });
  if (!statements) throw new Error("the feed has no statement");
  const query = dialect.sqlToQuery(statements.page("newest"));
  return { name: "limit_feed", text: query.sql, params: query.params };
})();

/** A meal's detail: the very statement the app runs, its placeholders filled per request. */
const detail = dialect.sqlToQuery(mealDetailStatement());

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

function sessionToken(cookie: string | undefined): string | null {
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === "sid" && value) return decodeURIComponent(value);
  }
  return null;
}

function send(request: http.IncomingMessage, response: http.ServerResponse, status: number, body: unknown) {
  const json = Buffer.from(JSON.stringify(body));
  const { encoding, compress } = compressionFor(request.headers["accept-encoding"], json.length);
  const headers: http.OutgoingHttpHeaders = { "content-type": "application/json; charset=utf-8" };
  if (encoding) {
    headers["content-encoding"] = encoding;
    headers.vary = "accept-encoding";
  }
  const payload = compress ? compress(json) : json;
  headers["content-length"] = payload.length;
  response.writeHead(status, headers);
  response.end(payload);
}

const server = http.createServer(async (request, response) => {
  try {
    const token = sessionToken(request.headers.cookie);
    const rows = token ? (await pool.query({ ...SESSION, values: [hash(token)] })).rows : [];
    const user = rows[0];
    if (!user) return send(request, response, 401, { message: "Unauthorized" });
    const url = request.url ?? "/";
    if (url === "/api/auth/user") {
      return send(request, response, 200, {
        id: user.id,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        profileImageUrl: user.profile_image_url,
        bio: user.bio,
        role: user.role,
        isCook: user.is_registered_cook,
        cookRenewalDue: user.is_registered_cook && isRenewalDue(user.cook_certificate_expires_on, todayIso()),
        dietaryPrefs: user.dietary_prefs,
        allergyCodes: user.allergy_codes,
        allergiesOther: user.allergies_other,
        dietTags: user.diet_tags,
        newsletterOptIn: user.newsletter_opt_in,
        locale: user.locale,
        homeArea:
          user.home_latitude == null
            ? null
            : {
                latitude: user.home_latitude,
                longitude: user.home_longitude,
                radiusKm: user.home_radius_km,
                label: user.home_label,
              },
        createdAt: user.created_at.toISOString(),
        isAdmin: false,
      });
    }
    if (url === "/api/meals") {
      const values = feed.params.map((value) => (value === VIEWER ? user.id : value));
      const result = await pool.query<MealRow & { total: number }>({
        name: feed.name,
        text: feed.text,
        values,
      });
      const meals = result.rows.slice(0, MEAL_PAGE_SIZE).map((row) => {
        const { createdAtDate, ...meal } = presentMeal(row);
        return meal;
      });
      const total = Number(result.rows[0]?.total ?? 0);
      response.setHeader("x-total-count", String(Math.min(total, 1000)));
      response.setHeader("x-total-relation", total > 1000 ? "gte" : "eq");
      if (result.rows.length > MEAL_PAGE_SIZE) {
        const last = result.rows[MEAL_PAGE_SIZE - 1];
        const cursor = encodeCursor({ createdAt: new Date(last.createdAt), id: last.id });
        response.setHeader("link", `</api/meals?cursor=${cursor}&limit=${MEAL_PAGE_SIZE}>; rel="next"`);
      }
      return send(request, response, 200, meals);
    }
    const match = /^\/api\/meals\/([0-9a-f-]{36})$/.exec(url);
    if (match) {
      const allergies = JSON.stringify(
        allergyTokensOf({ allergyCodes: user.allergy_codes, allergiesOther: user.allergies_other }),
      );
      const result = await pool.query({
        name: "limit_detail",
        text: detail.sql,
        values: fillPlaceholders(detail.params, {
          mealId: match[1],
          viewerId: user.id,
          allergies,
          fairUseLimit: 0,
        }),
      });
      const row = result.rows[0];
      // A members-only meal of a group the viewer is not in is not there (docs/features/groups.md).
      if (!row?.visible) return send(request, response, 404, { message: "Meal not found" });
      const { createdAtDate, ...meal } = presentMeal(
        row.ownerId === user.id ? { ...row, allergyWarnings: [] } : row,
      );
      return send(request, response, 200, {
        ...meal,
        myOpenRequestId: row.myOpenRequestId,
        myOffer: row.myOffer && new Date(row.myOffer.holdUntil) > new Date() ? row.myOffer : null,
        privatePickup: row.ownerId === user.id ? privatePickupOf(row) : null,
        waitlist: { waiting: row.waiting, mine: row.mine },
        series: row.series,
      });
    }
    send(request, response, 404, { message: "Not found" });
  } catch (error) {
    console.error(error);
    send(request, response, 500, { message: "Internal error" });
  }
});
server.listen(port, "127.0.0.1", () => console.error(`limit server on ${port}`));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
