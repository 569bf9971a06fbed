/**
 * `npm run bench:leaving`: what a busy member's export and erasure cost (docs/decisions/017). A member
 * with `BENCH_MEALS` (200) meals, each with a 250 KB photo in the local photo store, a thread per meal
 * with 10 messages, on a fresh PGlite database: the export job's time and the ZIP's size, then the
 * erasure's time and the rows it left with their words (none). Prints one table.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { eraseAccount } from "../src/server/features/accounts/deletion";
import { makeExport, requestExport } from "../src/server/features/accounts/export";
import { createMailer } from "../src/server/mail";
import { createStorage } from "../src/server/storage/storage";
import { createTestApp } from "../tests/api/harness";
import { buildMeal, buildRequest, buildUser } from "../tests/factories";

const MEALS = Number(process.env.BENCH_MEALS ?? 200);
const t = await createTestApp({ env: { LOG_LEVEL: "silent" }, config: { scheduledJobs: false } });
try {
  const storage = createStorage(t.config);
  const member = await buildUser(t.db, { firstName: "Busy", lastName: "Bench" });
  const neighbour = await buildUser(t.db, { firstName: "Near" });
  const photo = Buffer.alloc(250 * 1024, 7);
  for (let i = 0; i < MEALS; i++) {
    const id = randomUUID();
    for (const suffix of ["", "-800", "-400"])
      await storage.write(`photos/${id}${suffix}.webp`, photo, "image/webp");
    await t.db.execute(sql`insert into photos (id, user_id) values (${id}, ${member.id})`);
    const meal = await buildMeal(t.db, member, {
      title: `Bench meal ${i}`,
      photoPath: `/objects/photos/${id}.webp`,
    });
    const request = await buildRequest(t.db, meal, neighbour, { status: "completed", portions: 1 });
    await t.db.execute(
      sql`insert into messages (request_id, sender_id, body)
          select ${request.id}, case when n % 2 = 0 then ${member.id}::uuid else ${neighbour.id}::uuid end, 'Message number ' || n
          from generate_series(1, 10) n`,
    );
  }
  const asked = await requestExport(t.db, member.id, { id: member.id, isAdmin: false });
  const context = {
    db: t.db,
    storage,
    mailer: createMailer(
      { ...t.config, email: { smtpUrl: undefined, from: "x" }, env: "production" },
      console,
    ),
    push: {} as never,
    publicUrl: t.config.publicUrl,
    secret: t.config.sessionSecret,
    currency: "USD",
    defaultLanguage: "en" as const,
    onError: () => {},
  };
  const exportStarted = performance.now();
  await makeExport(context, { exportId: asked.id });
  const exportMs = performance.now() - exportStarted;
  const [{ size }] = await queryRows<{ size: number }>(
    t.db,
    sql`select size_bytes as size from data_exports where id = ${asked.id}`,
  );
  const eraseStarted = performance.now();
  await eraseAccount(t.db, storage, member.id, { dataDir: t.config.dataDir });
  const eraseMs = performance.now() - eraseStarted;
  const [{ left }] = await queryRows<{ left: number }>(
    t.db,
    sql`select count(*)::int as left from messages where sender_id = ${member.id} and body <> 'Message removed'`,
  );
  console.table({
    [`export: ${MEALS} meals, ${MEALS} photos, ${MEALS * 10} messages`]: {
      time: `${(exportMs / 1000).toFixed(2)} s`,
      size: `${(size / 1_048_576).toFixed(1)} MiB`,
    },
    "erasure (with 3 files a photo)": {
      time: `${(eraseMs / 1000).toFixed(2)} s`,
      size: `${left} words left`,
    },
  });
} finally {
  await t.close();
}
