import { describe, expect, it } from "vitest";
import { faq } from "#content/faq";
import { pricing } from "#content/pricing";
import { serviceCards } from "#content/services";
import { servicePages } from "#content/service-pages";
import { trainer } from "#content/trainer";
import { site } from "#content/site";
import {
  faqPageJsonLd,
  lowestMonthlyPriceEuro,
  organizationJsonLd,
  personJsonLd,
  serviceJsonLd,
} from "./structured-data";

describe("structured data", () => {
  it("lists every FAQ entry as a question with an answer", () => {
    const data = faqPageJsonLd(faq) as {
      "@type": string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(faq.length);
    expect(data.mainEntity[0]?.name).toBe(faq[0]?.question);
    expect(data.mainEntity[0]?.acceptedAnswer.text).toBe(faq[0]?.answer);
  });

  it("prices services from the cheapest monthly price of any purchasable plan", () => {
    const monthly = pricing.plans.flatMap((plan) => Object.values(plan.monthlyPriceCents ?? {}));
    const lowest = Math.min(...monthly) / 100;
    expect(lowestMonthlyPriceEuro(pricing)).toBe(lowest);
    const card = serviceCards.find((c) => c.slug === "running-coaching");
    if (!card) throw new Error("missing card");
    const description = servicePages["running-coaching"].metaDescription;
    const data = serviceJsonLd("https://example.com", card, "/media/x.webp", {
      description,
      fromPriceEuro: lowestMonthlyPriceEuro(pricing),
    }) as { url: string; description: string; offers: { price: string; priceCurrency: string } };
    expect(data.url).toBe("https://example.com/services/running-coaching");
    expect(data.description).toBe(description);
    expect(data.offers).toMatchObject({ price: lowest.toFixed(2), priceCurrency: "EUR" });
  });

  it("links the trainer and the organisation by id", () => {
    const person = personJsonLd("https://example.com", trainer, "/media/t.webp", site) as {
      "@id": string;
      image: string;
    };
    const org = organizationJsonLd("https://example.com", site) as { founder: { "@id": string } };
    expect(org.founder["@id"]).toBe(person["@id"]);
    expect(person.image).toBe("https://example.com/media/t.webp");
  });
});
