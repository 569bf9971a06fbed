/**
 * PGlite test databases handed from one test file to the next within a worker (docs/decisions/004):
 * loading the migrated dump costs a second of CPU a database, some sixty times a run, where putting
 * a used database back as the dump left it costs a few milliseconds. A closed test database is
 * emptied (every table truncated), given back the rows the dump holds (the migrations' own: applied
 * migrations, allergen synonyms, pg-boss's queues), every sequence set back, and then checked
 * against the dump's fingerprint — relations, functions, triggers, types, schemas, settings changed
 * by the session, channels listened to, each table's rows and each sequence's state. Only a
 * database that matches, and on which no app is left running, is handed out again; any other is
 * closed, and the next file loads a fresh one.
 */
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../src/server/db/client";

/** What a database loaded from the dump looks like, and how to put a used one back. */
interface Template {
  /** Every table, schema-qualified and quoted. */
  tables: string[];
  /** The tables with rows in the dump: their non-generated columns and those rows as JSON. */
  seeded: { table: string; columns: string; rows: string }[];
  /** Every sequence's state in the dump (a seeded table's identity is past its rows). */
  sequences: { name: string; value: string; called: boolean }[];
  fingerprint: string;
}

const SYSTEM = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

/** Everything a test file could leave behind in a database, as one comparable string. */
async function fingerprint(database: Database, tables: string[]): Promise<string> {
  const [catalog] = await queryRows<Record<string, unknown>>(
    database.db,
    sql.raw(`select
      (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${SYSTEM}) as relations,
      (select count(*) from pg_namespace) as schemas,
      (select count(*) from pg_proc) as functions,
      (select count(*) from pg_trigger) as triggers,
      (select count(*) from pg_type) as types,
      (select count(*) from pg_settings where source = 'session') as settings,
      (select count(*) from pg_listening_channels()) as channels`),
  );
  const counts = tables.length
    ? await queryRows<{ n: number }>(
        database.db,
        sql.raw(tables.map((table) => `select count(*)::int as n from ${table}`).join(" union all ")),
      )
    : [];
  const sequences = await queryRows<Record<string, unknown>>(
    database.db,
    sql.raw(`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`),
  );
  return JSON.stringify({ catalog, counts: counts.map((row) => Number(row.n)), sequences });
}

/** Reads the template from a database freshly loaded from the dump. */
async function readTemplate(database: Database): Promise<Template> {
  const relations = await queryRows<{ name: string; partition: boolean }>(
    database.db,
    sql.raw(`select format('%I.%I', n.nspname, c.relname) as name, c.relispartition as partition
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and ${SYSTEM} order by 1`),
  );
  const seeded: Template["seeded"] = [];
  // A partition's rows are its parent's: they go back through the parent.
  for (const { name: table } of relations.filter((relation) => !relation.partition)) {
    const [{ rows }] = await queryRows<{ rows: string | null }>(
      database.db,
      sql.raw(`select json_agg(t)::text as rows from ${table} t`),
    );
    if (rows === null) continue;
    const [{ columns }] = await queryRows<{ columns: string }>(
      database.db,
      sql.raw(`select string_agg(quote_ident(attname), ', ' order by attnum) as columns from pg_attribute
        where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = ''`),
    );
    seeded.push({ table, columns, rows });
  }
  const sequences = await queryRows<{ name: string; value: string; called: boolean }>(
    database.db,
    sql.raw(`select format('%I.%I', n.nspname, c.relname) as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and ${SYSTEM}`),
  );
  for (const sequence of sequences) {
    const [state] = await queryRows<{ value: string; called: boolean }>(
      database.db,
      sql.raw(`select last_value::text as value, is_called as called from ${sequence.name}`),
    );
    Object.assign(sequence, state);
  }
  const tables = relations.map((relation) => relation.name);
  return { tables, seeded, sequences, fingerprint: await fingerprint(database, tables) };
}

/** Puts a used database back as the dump left it; true when it then matches the dump's fingerprint. */
async function reset(database: Database, template: Template): Promise<boolean> {
  if (database.driver.kind !== "pglite") return false;
  await database.driver.client.transaction(async (tx) => {
    await tx.query(`truncate ${template.tables.join(", ")} cascade`);
    for (const { table, columns, rows } of template.seeded) {
      await tx.query(
        `insert into ${table} (${columns})
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [rows],
      );
    }
    for (const sequence of template.sequences) {
      await tx.query("select setval($1::regclass, $2::bigint, $3)", [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
    }
  });
  return (await fingerprint(database, template.tables)) === template.fingerprint;
}

let template: Template | undefined;
const idle: Database[] = [];
/** Apps running on each handed-out database (createTestApp counts them). */
const appsOn = new WeakMap<Database["db"], number>();

/** Counts an app started on `db`, and returns what to call when it has stopped. */
export function appStartedOn(db: Database["db"]): () => void {
  appsOn.set(db, (appsOn.get(db) ?? 0) + 1);
  return () => appsOn.set(db, (appsOn.get(db) ?? 1) - 1);
}

/**
 * A migrated PGlite database: one a finished file gave back, or `load()`'s fresh one. Closing it
 * gives it back for the next file when it can be put back as the dump left it.
 */
export async function reusedPglite(load: () => Promise<Database>): Promise<Database> {
  let database = idle.pop();
  if (!database) {
    database = await load();
    template ??= await readTemplate(database);
  }
  const handedOut = database;
  let closed = false;
  return {
    ...handedOut,
    close: async () => {
      if (closed) return;
      closed = true;
      const appsLeft = appsOn.get(handedOut.db) ?? 0;
      if (appsLeft === 0 && template && (await reset(handedOut, template).catch(() => false))) {
        idle.push(handedOut);
      } else {
        await handedOut.close();
      }
    },
  };
}
