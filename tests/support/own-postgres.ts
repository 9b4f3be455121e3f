import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server";

/** The newest PostgreSQL server binaries Debian's packages installed, if any. */
export const postgresBin = (() => {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const newest = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, "bin") : undefined;
})();

/** initdb refuses to run as root: as root the server runs as the packages' "postgres" user. */
const asRoot = process.getuid?.() === 0;
const runsPostgres = Boolean(postgresBin) && (!asRoot || spawnSync("id", ["postgres"]).status === 0);
export const ownPostgresAvailable = runsPostgres;

export interface OwnPostgres {
  host: string;
  port: number;
  /** A superuser's connection string, for setting up roles and databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const tool = (name: string, args: string[]) =>
  asRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", path.join(postgresBin!, name), ...args], { stdio: "pipe" })
    : execFileSync(path.join(postgresBin!, name), args, { stdio: "pipe" });

/**
 * A PostgreSQL server of the test's own (a new cluster in a temporary folder, on a free loopback
 * port): a drill can lose it whole, as a lost database server, and start another.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "own-postgres-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  tool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  tool("pg_ctl", [
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  return {
    host: "127.0.0.1",
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        tool("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function adminSql(url: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
