import { afterAll, describe, expect, it } from "vitest";
import { takeDatabaseAway } from "../support/fault";
import { adminSql, ownPostgresAvailable, startOwnPostgres, type OwnPostgres } from "../support/own-postgres";
import { startServer, type RunningServer } from "../support/server";

/**
 * A database outage with an instance that has never rendered a page: one instance runs (and has
 * rendered every page), the database goes away, and a second instance starts on an empty data
 * directory, as a deploy, a crash or a new machine starts one in the middle of an outage. Every
 * public page the sitemap lists must answer 200 from it. PostgreSQL (a server of the drill's own),
 * as the outage is a database that stops answering while the instances keep running.
 */
describe.runIf(ownPostgresAvailable)("an instance started during a database outage", () => {
  let database: OwnPostgres | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.stop();
  });

  it("answers every public page", { timeout: 240_000 }, async () => {
    database = await startOwnPostgres();
    await adminSql(database.adminUrl, ["create database site"]);
    const url = `postgres://postgres@${database.host}:${database.port}/site`;
    const site = { DATABASE_URL: url, AUTH_SECRET: "cold-instance-drill-secret-0123456789abcdef" };
    const warm = await startServer(site);
    servers.push(warm);
    // Ready: migrations and the first start's content are in the database.
    for (const deadline = Date.now() + 120_000; !(await fetch(`${warm.url}/readyz`)).ok;) {
      if (Date.now() > deadline) throw new Error(`not ready:\n${warm.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sitemap = await (await fetch(`${warm.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(pages).toEqual(expect.arrayContaining(["/", "/start", "/pricing"]));
    for (const page of pages) expect((await fetch(`${warm.url}${page}`)).status, page).toBe(200);

    // The database goes away: no new connections, and the open ones end.
    await takeDatabaseAway(database.adminUrl, "site");
    const cold = await startServer(site);
    servers.push(cold);
    expect((await fetch(`${cold.url}/readyz`)).status).toBe(503);

    const answers = await Promise.all(pages.map(async (page) => [page, (await fetch(`${cold.url}${page}`)).status]));
    expect(answers.filter(([, status]) => status !== 200)).toEqual([]);
    console.info(`cold instance during the outage: ${answers.length} public pages, all 200`);
  });
});
