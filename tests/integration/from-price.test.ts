import { describe, expect, it } from "vitest";
import { routerContextOf, type AppServices } from "~/context";
import { currentPricing } from "~/features/checkout/offers.server";
import { publishOffers, saveOfferPrices } from "~/features/checkout/offers-admin.server";
import { PRICE_RANGE_EURO, priceInputOf } from "~/features/checkout/price-rules";
import { currentSite } from "~/features/site/site-content.server";
import * as homeRoute from "~/routes/home";
import * as serviceRoute from "~/routes/service";
import { engines } from "../support/database";
import { withTestServices } from "../support/services";

const SITE_URL = "https://coach.example";
const trainer = { userId: "trainer-from-price", ip: "203.0.113.11" };

/** Euros as the site writes them: no cents when whole ("€80"), otherwise two ("€72.50"). */
const euros = (cents: number) => `€${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/** The content of a meta tag among a meta function's descriptors. */
function metaContent(descriptors: unknown[], name: string): string | undefined {
  const tag = descriptors.find(
    (d): d is { content: string } =>
      typeof d === "object" &&
      d !== null &&
      ((d as { name?: string }).name === name || (d as { property?: string }).property === name),
  );
  return tag?.content;
}

/** The route's loader and meta called as the server calls them for one request. */
async function renderMeta(
  route: { loader: (args: never) => Promise<unknown>; meta: (args: never) => unknown },
  services: AppServices,
  pathname: string,
): Promise<unknown[]> {
  const request = new Request(new URL(pathname, SITE_URL));
  const context = { services, cspNonce: "nonce", clientIp: "203.0.113.12" };
  // The generated route types are for React Router's own calls; here only what these routes read is given.
  const data = await route.loader({
    request,
    url: new URL(request.url),
    context: routerContextOf(context),
    params: {},
  } as never);
  // The root loader's part: the site URL and the business as published.
  const matches = [{ id: "root", loaderData: { publicEnv: { SITE_URL }, site: await currentSite(services) } }];
  return route.meta({ loaderData: data, location: { pathname }, matches } as never) as unknown[];
}

describe.each(engines)("the lowest monthly price in the site's descriptions on %s", (engine) => {
  const servicesNow = withTestServices(engine, () => ({ SITE_URL }));

  it("follows a publish of new prices: the home and service pages' descriptions and the business's", async () => {
    const services = servicesNow();
    const before = await currentPricing(services);
    // The cheapest price is a plan's longest commitment; lowering it keeps every rule and lowers the minimum.
    const cheapest = before.plans
      .flatMap((plan) =>
        Object.entries(plan.monthlyPriceCents ?? {}).map(([duration, cents]) => ({ plan: plan.id, duration, cents })),
      )
      .sort((a, b) => a.cents - b.cents)[0];
    if (!cheapest) throw new Error("no purchasable plan in the published offers");
    const next = Math.max(cheapest.cents - 750, PRICE_RANGE_EURO.min * 100 + 50);
    expect(next).toBeLessThan(cheapest.cents);

    const input = priceInputOf(before);
    const typed = {
      ...input,
      [cheapest.plan]: { ...input[cheapest.plan], [cheapest.duration]: (next / 100).toFixed(2) },
    };
    expect(await saveOfferPrices(services, typed, trainer)).toMatchObject({ ok: true });
    await publishOffers(services, trainer);

    const phrase = `${euros(next)} per month`;
    const home = await renderMeta(homeRoute, services, "/");
    for (const name of ["description", "og:description", "twitter:description"]) {
      expect(metaContent(home, name)).toContain(phrase);
      expect(metaContent(home, name)).not.toContain("{");
    }
    const organization = home.find(
      (d): d is { "script:ld+json": { "@type": string; description: string } } =>
        typeof d === "object" && d !== null && "script:ld+json" in d,
    );
    expect(organization?.["script:ld+json"]["@type"]).toBe("Organization");
    expect(organization?.["script:ld+json"].description).toContain(phrase);

    const service = await renderMeta(serviceRoute, services, "/services/weight-loss");
    expect(metaContent(service, "description")).toContain(phrase);
    const jsonLd = service.find(
      (d): d is { "script:ld+json": { description: string; offers: { price: string } } } =>
        typeof d === "object" && d !== null && "script:ld+json" in d,
    );
    expect(jsonLd?.["script:ld+json"].description).toContain(phrase);
    expect(jsonLd?.["script:ld+json"].offers.price).toBe((next / 100).toFixed(2));
  });
});
