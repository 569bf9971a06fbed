/**
 * Groups at size (docs/features/groups.md "Done when"): 100,000 meals and 1,000 groups on PostgreSQL
 * (TEST_DATABASE_URL's server), a tenth of the meals members-only. The feed's first page
 * (`GET /api/meals`) is measured for a member of 5 groups and for a member of none (the plain feed),
 * taking turns in the same run on the app as `npm start` runs it, 50 connections; then the statements
 * behind the feed, the map, a group's meals and members, the directory and its search are EXPLAINed
 * at this size. Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/groups.ts [--plans]`
 * (`BENCH_DURATION_S`, `BENCH_TRIALS` shorten it).
 */
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { createSession, SESSION_COOKIE } from "../src/server/auth/sessions";
import { type openDatabase, queryRows } from "../src/server/db/client";
import { benchServerUrl, dropBenchDatabase, freshBenchDatabase } from "./database";
import { seed } from "./discovery";
import { explainAll, measure, recordStatements } from "./limit";
import { startServer, stopServer } from "./server";

const SIZE = Number(process.env.BENCH_GROUPS_SIZE ?? 100_000);
const GROUPS = 1_000;
const MEMBERS_PER_GROUP = 30;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
const APP_PORT = 5095;

/** 1,000 groups of the bench's users, 30 members each, and a tenth of the meals shared with one of them. */
export async function seedGroups(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  await db.execute(sql`select setseed(0.17)`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench'),
         total as (select count(*) as n from numbered)
    insert into groups (name, description, visibility, join_rule, owner_id, rules)
    select 'Building ' || g || ' on Street ' || (g % 300),
           'Flats and neighbours of building ' || g,
           case when g % 10 = 0 then 'hidden' else 'listed' end,
           case when g % 10 = 0 then 'invite' when g % 3 = 0 then 'application' else 'open' end,
           owner.id, 'Label allergens.'
    from generate_series(1, ${GROUPS}) as g
    join numbered as owner on owner.n = 1 + (g * 7) % (select n from total)`);
  // Owners, then random members (the trigger keeps member_count).
  await db.execute(sql`
    insert into group_members (group_id, user_id, role, rules_accepted)
    select id, owner_id, 'owner', 1 from groups`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by oidc_subject) as n from users where oidc_issuer = 'bench'),
         total as (select count(*) as n from numbered),
         numbered_groups as (select id, row_number() over (order by id) as n from groups)
    insert into group_members (group_id, user_id, role, rules_accepted)
    select g.id, u.id, case when k % 10 = 0 then 'moderator' else 'member' end, 1
    from numbered_groups g
    cross join generate_series(1, ${MEMBERS_PER_GROUP}) as k
    join numbered as u on u.n = 1 + (g.n * 7919 + k * 104729) % (select n from total)
    on conflict do nothing`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as n from groups),
         picked as (select m.id, 1 + abs(hashtext(m.id::text)) % ${GROUPS} as n from meals m where random() < 0.1)
    update meals set group_id = g.id, members_only = true
    from picked join numbered g on g.n = picked.n
    where meals.id = picked.id`);
}

export async function benchGroups(serverUrl: string): Promise<string[]> {
  const name = "mealshare_bench_groups";
  const { database, url } = await freshBenchDatabase(serverUrl, name);
  const pool = (database.driver as { pool: pg.Pool }).pool;
  const lines: string[] = [];
  let app: ChildProcess | undefined;
  try {
    await seed(database.db, SIZE);
    await seedGroups(database.db);
    // The member of 5 groups, and a member of none with the same kind of account.
    const [member] = await queryRows<{ id: string }>(
      database.db,
      sql`select user_id as id from group_members where status = 'active' group by user_id
          having count(*) >= 5 order by user_id limit 1`,
    );
    await database.db.execute(sql`
      delete from group_members where user_id = ${member.id} and group_id not in (
        select group_id from group_members where user_id = ${member.id} order by group_id limit 5)`);
    // Every bench user is in a group or more: the member of none is a newcomer to the deployment.
    const [plain] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (oidc_issuer, oidc_subject, email, first_name, last_name)
          values ('bench', 'plain', 'plain@bench.test', 'Plain', 'Member') returning id`,
    );
    await pool.query("VACUUM ANALYZE");
    const [counts] = await queryRows<{ groups: number; members: number; membersOnly: number; mine: number }>(
      database.db,
      sql`select (select count(*)::int from groups) as groups, (select count(*)::int from group_members) as members,
                 (select count(*)::int from meals where members_only) as "membersOnly",
                 (select count(*)::int from group_members where user_id = ${member.id}) as mine`,
    );
    const cookieOf = async (id: string) => `${SESSION_COOKIE}=${await createSession(database.db, id)}`;
    const memberCookie = await cookieOf(member.id);
    const plainCookie = await cookieOf(plain.id);

    app = await startServer(["scripts/start.mjs"], { DATABASE_URL: url }, APP_PORT);
    const feed = `http://127.0.0.1:${APP_PORT}/api/meals`;
    await measure(feed, memberCookie, 3);
    await measure(feed, plainCookie, 3);
    const runs: Record<"member" | "plain", Awaited<ReturnType<typeof measure>>[]> = { member: [], plain: [] };
    for (let trial = 0; trial < TRIALS; trial++) {
      runs.member.push(await measure(feed, memberCookie, DURATION_S));
      runs.plain.push(await measure(feed, plainCookie, DURATION_S));
    }
    const median = (list: Awaited<ReturnType<typeof measure>>[]) =>
      [...list].sort((a, b) => a.rps - b.rps)[Math.floor((list.length - 1) / 2)];
    const [m, p] = [median(runs.member), median(runs.plain)];
    lines.push(
      `Groups at size: ${SIZE.toLocaleString("en")} meals (${counts.membersOnly.toLocaleString("en")} members-only), ${counts.groups.toLocaleString("en")} groups, ${counts.members.toLocaleString("en")} memberships; the feed's first page, ${CONNECTIONS} connections, median of ${TRIALS} trials of ${DURATION_S} s, taking turns:`,
      "| feed (GET /api/meals) | req/s | p50 / p99 ms | failed |",
      "|---|---:|---:|---:|",
      `| member of ${counts.mine} groups | ${m.rps.toFixed(0)} | ${m.p50} / ${m.p99} | ${runs.member.reduce((s, r) => s + r.failures, 0)} |`,
      `| member of no group (plain feed) | ${p.rps.toFixed(0)} | ${p.p50} / ${p.p99} | ${runs.plain.reduce((s, r) => s + r.failures, 0)} |`,
      `member / plain: ${(m.rps / p.rps).toFixed(2)}`,
    );
    await stopServer(app);
    app = undefined;

    const { buildApp } = await import("../src/server/app");
    const { loadConfig } = await import("../src/server/config");
    const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent" });
    const inProcess = await buildApp({ config, database });
    const [group] = await queryRows<{ id: string }>(
      database.db,
      sql`select group_id as id from group_members where user_id = ${member.id} limit 1`,
    );
    try {
      lines.push(
        "",
        `Statements per request at ${SIZE.toLocaleString("en")} meals and ${GROUPS} groups (EXPLAIN ANALYZE):`,
      );
      for (const endpoint of [
        { name: "feed, member of 5 groups", path: "/api/meals" },
        { name: "feed, next page", path: "/api/meals?limit=24&cursor=" },
        { name: "search 'soup', member of 5 groups", path: "/api/meals?q=soup" },
        { name: "map box, member of 5 groups", path: "/api/meals/map?bbox=-0.2,51.45,-0.05,51.55" },
        { name: "a group's meals", path: `/api/groups/${group.id}/meals` },
        { name: "a group's members", path: `/api/groups/${group.id}/members` },
        { name: "a group's page", path: `/api/groups/${group.id}` },
        { name: "the directory", path: "/api/groups" },
        { name: "the directory searched 'street 12'", path: "/api/groups?q=street%2012" },
        { name: "my groups", path: "/api/groups?mine=true" },
      ]) {
        let target = endpoint.path;
        if (target.endsWith("cursor=")) {
          const first = await inProcess.inject({ url: "/api/meals", headers: { cookie: memberCookie } });
          target = /<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? "/api/meals";
        }
        const seen = await recordStatements(pool, async () => {
          const response = await inProcess.inject({ url: target, headers: { cookie: memberCookie } });
          if (response.statusCode !== 200)
            throw new Error(`${target}: ${response.statusCode} ${response.body}`);
        });
        lines.push(`${endpoint.name}: ${seen.length} statements`, ...(await explainAll(pool, seen)));
      }
    } finally {
      await inProcess.close();
    }
  } finally {
    if (app) await stopServer(app);
    await database.close();
    await dropBenchDatabase(serverUrl, name);
  }
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = benchServerUrl();
  for (const line of await benchGroups(serverUrl)) console.log(line);
}
