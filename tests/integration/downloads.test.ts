import { renderToStaticMarkup } from "react-dom/server";
import { middleware as exportMiddleware } from "~/routes/admin-export";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { session as sessionTable } from "#db/schema";
import type { RequestContext } from "~/context";
import { CsvLink } from "~/features/back-office/list-table";
import { getTrainerSession } from "~/features/auth/guard.server";
import { action as confirmAction, loader as confirmLoader } from "~/routes/admin-confirm";
import { loader as exportLoader } from "~/routes/admin-export";
import { withTestServices } from "../support/services";
import { enrolledTrainer, totp } from "../support/trainer";

/**
 * "Download CSV" when the code was entered more than 15 minutes ago: the link must let the browser
 * follow the answer to the code page (a `download` attribute made it save that page as
 * confirm.html), and after the code she lands on a page that starts the file, not on the code form.
 */
const SITE = "https://coach.example";
const services = withTestServices("pglite", () => ({ SITE_URL: SITE }));
const context = (): RequestContext => ({ services: services(), cspNonce: "test", clientIp: "203.0.113.5" });
const thrown = async (run: () => unknown): Promise<Response> => {
  const result = await Promise.resolve()
    .then(run)
    .catch((error: unknown) => error);
  if (!(result instanceof Response)) throw new Error(`expected a thrown response, got ${String(result)}`);
  return result;
};

describe("a CSV download after the code has gone stale", () => {
  it("is a plain link, so a redirect to the code page is followed, not saved as the file", () => {
    const html = renderToStaticMarkup(createElement(CsvLink, { list: "subscribers" }));
    expect(html).toMatch(/<a [^>]*href="\/admin\/export\/subscribers\.csv"/);
    expect(html).not.toMatch(/\sdownload(=|\s|>)/);
  });

  it("asks for the code, then lands on a page that starts the download and leads back to the list", async () => {
    const { jar, secret } = await enrolledTrainer(context(), SITE, "trainer-downloads@example.com");
    const get = (path: string) => jar.request(path, { method: "GET" });
    const me = (await getTrainerSession(get("/admin"), context()))!;
    await services()
      .database.db.update(sessionTable)
      .set({ verifiedAt: sql`${sessionTable.verifiedAt} - interval '20 minutes'` })
      .where(eq(sessionTable.userId, me.user.id));

    const asked = await thrown(() =>
      callRoute(exportLoader, context(), get("/admin/export/subscribers.csv"), exportMiddleware, {
        list: "subscribers.csv",
      }),
    );
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe("/admin/confirm?redirectTo=%2Fadmin%2Fexport%2Fsubscribers.csv");

    // Opened with a stale code, the download page is the code form (nothing starts).
    const early = (await callRoute(
      confirmLoader,
      context(),
      get("/admin/confirm?download=%2Fadmin%2Fexport%2Fsubscribers.csv"),
      SIGNED_IN,
    )) as unknown as { data: { download: unknown } };
    expect(early.data.download).toBeNull();

    const body = new FormData();
    body.set("method", "totp");
    body.set("code", totp(secret));
    body.set("redirectTo", "/admin/export/subscribers.csv");
    const confirmed = await thrown(() =>
      callRoute(confirmAction, context(), jar.request("/admin/confirm", { body }), SIGNED_IN),
    );
    const next = confirmed.headers.get("location")!;
    expect(next).toBe("/admin/confirm?download=%2Fadmin%2Fexport%2Fsubscribers.csv");
    jar.take(confirmed.headers);

    const ready = (await callRoute(confirmLoader, context(), get(next), SIGNED_IN)) as unknown as {
      data: { download: { path: string; back: string } | null };
    };
    expect(ready.data.download).toEqual({ path: "/admin/export/subscribers.csv", back: "/admin/subscribers" });

    const file = (await callRoute(exportLoader, context(), get("/admin/export/subscribers.csv"), exportMiddleware, {
      list: "subscribers.csv",
    })) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="?subscribers[^"]*\.csv"?/);
  });

  it("sends any other page back where it was after the code, as before", async () => {
    const { jar, secret } = await enrolledTrainer(context(), SITE, "trainer-downloads-2@example.com");
    const body = new FormData();
    body.set("method", "totp");
    body.set("code", totp(secret));
    body.set("redirectTo", "/admin/data-requests");
    const confirmed = await thrown(() =>
      callRoute(confirmAction, context(), jar.request("/admin/confirm", { body }), SIGNED_IN),
    );
    expect(confirmed.headers.get("location")).toBe("/admin/data-requests");
  });
});
