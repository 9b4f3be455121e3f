import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { questionnaireStepCounts } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { handleStepReport, questionnaireReach } from "~/features/questionnaire/step-counts.server";
import { createServices } from "../../server/services";
import { createApp } from "../../server/app";
import { htmlReader, textOf } from "../support/html";
import { enrolledTrainer, type Jar } from "../support/trainer";

/**
 * Where visitors give up (decision 070): the island's reports of each question reached, through the
 * production server into the day's counters, and the funnel page's table of them. Unknown steps are
 * refused; nothing but the day, the step and a count is stored.
 */
const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

let services: AppServices;
let server: Server;
let site = "";
let jar: Jar;
const reader = htmlReader();

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = parseEnv({
    NODE_ENV: "production",
    SITE_URL: site,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "quest-steps-")),
    LOG_LEVEL: "silent",
    AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    RATE_LIMIT_POSTS_PER_MINUTE: "1000",
    RATE_LIMIT_VITALS_PER_MINUTE: "1000",
  });
  services = await createServices(env, { memoryDb: true, startOutbox: false });
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  server.on("request", createApp({ services, build, clientDir: path.join(buildDir, "client") }));
  const ctx: RequestContext = { services, cspNonce: "test", clientIp: "203.0.113.31" };
  ({ jar } = await enrolledTrainer(ctx, site, "steps-trainer@example.com"));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await services.close();
  reader.close();
});

const postStep = (body: string, contentType = "application/json") =>
  fetch(`${site}/api/questionnaire-step`, { method: "POST", headers: { "content-type": contentType }, body });

describe("the questionnaire's step counts", () => {
  it("counts each reported step on its day, and the funnel page shows the period's counts", async () => {
    // Two days on a controlled clock, through the endpoint's handler: 23:30 UTC is already the next day in Amsterdam.
    const ctx: RequestContext = { services, cspNonce: "test", clientIp: "198.51.100.7" };
    const report = (step: string, at: string) =>
      handleStepReport(
        new Request(`${site}/api/questionnaire-step`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ step }),
        }),
        ctx,
        new Date(at),
      );
    for (const step of ["goal", "goal", "frequency"])
      expect((await report(step, "2026-03-02T10:00:00Z")).status).toBe(204);
    expect((await report("goal", "2026-03-02T23:30:00Z")).status).toBe(204);
    const day = async (d: string) =>
      Object.fromEntries(
        (await questionnaireReach(services.database.db, d, d))
          .filter((s) => s.visitors > 0)
          .map((s) => [s.step, s.visitors]),
      );
    expect(await day("2026-03-02")).toEqual({ goal: 2, frequency: 1 });
    expect(await day("2026-03-03")).toEqual({ goal: 1 });

    // Today, over HTTP as the island sends them: five visits reach the first question, two the third.
    const sent = [...Array(5).fill("goal"), "frequency", "frequency", "gender", "gender"] as string[];
    for (const step of sent) {
      const response = await postStep(JSON.stringify({ step }));
      expect(response.status).toBe(204);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const res = await fetch(`${site}/admin/funnel?days=7`, { headers: { cookie: jar.header() } });
    expect(res.status).toBe(200);
    const document = reader.parse(await res.text());
    const table = [...document.querySelectorAll("table")].find((t) =>
      textOf(t.querySelector("caption")).startsWith("Questions reached"),
    );
    if (!table) throw new Error("no table of the questions reached");
    const rows = Object.fromEntries(
      [...table.querySelectorAll("tbody tr")].map((row) => [
        textOf(row.querySelector("th")),
        [...row.querySelectorAll("td")].map((cell) => textOf(cell)),
      ]),
    );
    expect(rows["What can I help you with?"]).toEqual(["5", "100%"]);
    expect(rows["How often do you exercise now?"]).toEqual(["2", "40%"]);
    expect(rows["What is your gender?"]).toEqual(["2", "40%"]);
    expect(rows["Where can I reach you?"]).toEqual(["0", "0%"]);
  });

  it("refuses unknown steps and anything but one small JSON report, and stores nothing for them", async () => {
    const before = await services.database.db.select().from(questionnaireStepCounts);
    for (const [body, contentType] of [
      [JSON.stringify({ step: "shoe-size" }), "application/json"],
      [JSON.stringify({ step: "Goal" }), "application/json"],
      [JSON.stringify({ step: ["goal"] }), "application/json"],
      [JSON.stringify({}), "application/json"],
      ["null", "application/json"],
      ["{goal", "application/json"],
      ["step=goal", "application/x-www-form-urlencoded"],
    ]) {
      const response = await postStep(body!, contentType);
      expect(response.status, body).toBe(400);
      expect(await response.text(), body).toBe("");
    }
    expect((await postStep(JSON.stringify({ step: "goal", pad: "x".repeat(400) }))).status).toBe(413);
    expect(await services.database.db.select().from(questionnaireStepCounts)).toEqual(before);
  });
});
