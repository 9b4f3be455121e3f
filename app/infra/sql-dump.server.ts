import { randomBytes } from "node:crypto";
import { readMigrationFiles } from "drizzle-orm/migrator";

/**
 * A logical copy of the whole database that any PostgreSQL (and PGlite) can load: the schema
 * as the migrations that built it, then every table's rows as JSON loaded through
 * json_populate_recordset, then the sequences. Plain SQL, so `psql -f` loads it too.
 */

/** The two drivers behind one small surface: parameterised queries and multi-statement scripts. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
}

export interface TableRef {
  schema: string;
  name: string;
}

export interface TableStat {
  rows: number;
  /** md5 over the rows' text forms, sorted byte-wise: equal data gives equal checksums on any engine. */
  checksum: string;
}

/** Separates statements in a dump; JSON inside dollar quotes never holds a raw line break. */
export const STATEMENT_MARK = "\n-- statement\n";

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: TableRef) => `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
const tableKey = (table: TableRef) => `${table.schema}.${table.name}`;

/** Every ordinary table outside PostgreSQL's own schemas (public, drizzle, any other). */
export async function listTables(client: SqlClient): Promise<TableRef[]> {
  return client.query<TableRef>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       and table_schema not like 'pg\\_%'
     order by table_schema, table_name`,
  );
}

/** Row count and checksum of every table; run inside one snapshot for a consistent picture. */
export async function tableStats(client: SqlClient): Promise<Record<string, TableStat>> {
  const stats: Record<string, TableStat> = {};
  for (const table of await listTables(client)) {
    const [row] = await client.query<{ rows: number | string; checksum: string }>(
      `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as checksum
       from ${qualified(table)} t`,
    );
    stats[tableKey(table)] = { rows: Number(row?.rows ?? 0), checksum: row?.checksum ?? "" };
  }
  return stats;
}

/** Rows outside the migration bookkeeping: a database with none counts as empty. */
export function rowsHeld(stats: Record<string, TableStat>): [string, number][] {
  return Object.entries(stats)
    .filter(([name, stat]) => stat.rows > 0 && name !== "drizzle.__drizzle_migrations")
    .map(([name, stat]) => [name, stat.rows]);
}

/** Tables ordered so that every table comes after the tables its foreign keys point to. */
async function loadOrder(client: SqlClient, tables: TableRef[]): Promise<TableRef[]> {
  const edges = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
     join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
     where k.contype = 'f'`,
  );
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges) {
    if (child === parent) continue;
    parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: TableRef[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const byKey = new Map(tables.map((table) => [tableKey(table), table]));
  const visit = (key: string) => {
    if (done.has(key)) return;
    if (visiting.has(key)) throw new Error(`foreign keys form a cycle through ${key}; the dump cannot order it`);
    visiting.add(key);
    for (const parent of parents.get(key) ?? []) if (byKey.has(parent)) visit(parent);
    visiting.delete(key);
    done.add(key);
    const table = byKey.get(key);
    if (table) ordered.push(table);
  };
  for (const key of byKey.keys()) visit(key);
  return ordered;
}

/**
 * The migrations this database has applied, in order, read from the code's migrations folder.
 * A database that applied one this code does not have cannot be described by it: that fails.
 */
function appliedMigrations(migrationsFolder: string, appliedHashes: string[]) {
  const known = readMigrationFiles({ migrationsFolder });
  const applied = new Set(appliedHashes);
  const missing = appliedHashes.filter((hash) => !known.some((migration) => migration.hash === hash));
  if (missing.length > 0) {
    throw new Error(
      `the database has ${missing.length} migration(s) that db/migrations does not hold; back it up with the code that created it`,
    );
  }
  return known.filter((migration) => applied.has(migration.hash));
}

const ROWS_PER_STATEMENT = 500;

/**
 * Writes the dump through `write`, one statement at a time. Call it inside a read-only
 * repeatable-read transaction (or on a copy no one writes to) for a consistent snapshot.
 */
export async function dumpSql(
  client: SqlClient,
  migrationsFolder: string,
  write: (text: string) => Promise<void> | void,
): Promise<void> {
  const statement = (text: string) => write(`${STATEMENT_MARK}${text.trim()}\n`);
  const hasMigrations = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const hashes = hasMigrations[0]?.present
    ? (await client.query<{ hash: string }>(`select hash from drizzle.__drizzle_migrations order by id`)).map(
        (row) => row.hash,
      )
    : [];
  await write(
    `-- Mila Jansen Coaching database dump (plain SQL; load with \`npm run restore\` or psql -f)\n` +
      `-- schema: ${hashes.length} migration(s), then every table's rows, then the sequences\n`,
  );
  await statement(`set client_min_messages = warning;`);
  await statement(`create schema if not exists "drizzle";`);
  await statement(
    `create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint);`,
  );
  for (const migration of appliedMigrations(migrationsFolder, hashes)) {
    for (const part of migration.sql) if (part.trim()) await statement(part);
  }

  const tables = await loadOrder(client, await listTables(client));
  if (tables.length > 0) await statement(`truncate table ${tables.map(qualified).join(", ")};`);
  for (const table of tables) {
    const columns = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = $1 and table_name = $2 and is_generated <> 'ALWAYS'
       order by ordinal_position`,
      [table.schema, table.name],
    );
    const list = columns.map((column) => quoteIdent(column.name)).join(", ");
    const rows = await client.query<{ j: string }>(`select row_to_json(t)::text as j from ${qualified(table)} t`);
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const json = `[${rows
        .slice(start, start + ROWS_PER_STATEMENT)
        .map((row) => row.j)
        .join(",")}]`;
      const tag = dollarTag(json);
      await statement(
        `insert into ${qualified(table)} (${list}) overriding system value\n` +
          `select ${list} from json_populate_recordset(null::${qualified(table)}, ${tag}${json}${tag});`,
      );
    }
  }
  const sequences = await client.query<{ schema: string; name: string; value: string | null }>(
    `select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences
     where schemaname not in ('pg_catalog', 'information_schema')`,
  );
  for (const sequence of sequences) {
    if (sequence.value === null) continue;
    const name = `${quoteIdent(sequence.schema)}.${quoteIdent(sequence.name)}`.replaceAll("'", "''");
    await statement(`select pg_catalog.setval('${name}', ${BigInt(sequence.value)}, true);`);
  }
}

function dollarTag(body: string): string {
  for (;;) {
    const tag = `$d${randomBytes(4).toString("hex")}$`;
    if (!body.includes(tag)) return tag;
  }
}

/** Splits a dump written by dumpSql into its statements. */
export function dumpStatements(dump: string): string[] {
  return dump
    .split(STATEMENT_MARK)
    .slice(1)
    .map((part) => part.trim())
    .filter(Boolean);
}
