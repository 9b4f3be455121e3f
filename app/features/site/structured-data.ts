import type { FaqEntry, PricingContent, ServicePage, ServiceCard, Trainer } from "#content/types";
import { site } from "#content/site";
import { pricing } from "#content/pricing";

/** schema.org objects for the `jsonLd` option of seoMeta. */

const absolute = (siteUrl: string, path: string) => new URL(path, `${siteUrl}/`).toString();

export function faqPageJsonLd(entries: FaqEntry[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

export function organizationJsonLd(siteUrl: string, logoPath = "/favicon.svg"): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: absolute(siteUrl, logoPath),
    email: site.contactEmail,
    description: site.description,
    address: { "@type": "PostalAddress", addressLocality: site.address.city, addressCountry: "NL" },
    sameAs: site.social.map((s) => s.href),
    founder: { "@id": `${siteUrl}/#trainer` },
  };
}

export function personJsonLd(siteUrl: string, trainer: Trainer, imageUrl: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": `${siteUrl}/#trainer`,
    name: trainer.name,
    jobTitle: trainer.role,
    description: trainer.shortBio,
    image: absolute(siteUrl, imageUrl),
    url: `${siteUrl}/#trainer`,
    worksFor: { "@id": `${siteUrl}/#organization` },
    knowsAbout: ["Personal training", "Swimming", "Running", "Triathlon", "Strength training", "Nutrition"],
    sameAs: site.social.map((s) => s.href),
  };
}

/** Lowest monthly price of any purchasable plan ("packages start from €80 per month"). */
export function lowestMonthlyPriceEuro(content: PricingContent = pricing): number {
  const prices = content.plans.flatMap((plan) => (plan.monthlyPriceCents ? Object.values(plan.monthlyPriceCents) : []));
  return Math.min(...prices) / 100;
}

export function serviceJsonLd(siteUrl: string, page: ServicePage, card: ServiceCard, imageUrl: string): object {
  const url = absolute(siteUrl, card.learnMoreLink);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: card.title,
    serviceType: `${card.title} online coaching`,
    description: page.metaDescription,
    url,
    image: absolute(siteUrl, imageUrl),
    provider: { "@type": "Organization", "@id": `${siteUrl}/#organization`, name: site.name, url: `${siteUrl}/` },
    areaServed: { "@type": "Place", name: "Worldwide (online)" },
    availableChannel: { "@type": "ServiceChannel", serviceUrl: url, availableLanguage: "en" },
    offers: {
      "@type": "Offer",
      priceCurrency: "EUR",
      price: lowestMonthlyPriceEuro().toFixed(2),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: lowestMonthlyPriceEuro().toFixed(2),
        priceCurrency: "EUR",
        unitCode: "MON",
      },
      url: absolute(siteUrl, "/pricing"),
    },
  };
}
