import type { FaqEntry, PricingContent, ServiceCard, SiteContent, Trainer } from "#content/types";
// The business's name is its brand (content/site.ts); its facts come from the back office.
import { site as brand } from "#content/site";

/** schema.org objects for the `jsonLd` option of seoMeta. */

const absolute = (siteUrl: string, path: string) => new URL(path, `${siteUrl}/`).toString();

/** The site's logo for search engines: 512 × 512 (at least 112 × 112 is asked), made from the favicon. */
export const LOGO = { path: "/logo-512.png", width: 512, height: 512 } as const;

/** The coach's own page (the articles' author). */
export const AUTHOR_PATH = "/about";

/** An ImageObject of the logo, for a publisher. */
export const logoImageObject = (siteUrl: string) => ({
  "@type": "ImageObject",
  url: absolute(siteUrl, LOGO.path),
  width: LOGO.width,
  height: LOGO.height,
});

/** Google wants each question marked up once site-wide: only the home page carries this. */
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

/** `site`: the business as published (site facts from the back office, siteFromMatches). */
export function organizationJsonLd(siteUrl: string, site: SiteContent): object {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: site.name,
    url: `${siteUrl}/`,
    logo: logoImageObject(siteUrl),
    email: site.contactEmail,
    description: site.description,
    address: { "@type": "PostalAddress", addressLocality: site.address.city, addressCountry: "NL" },
    sameAs: site.social.map((s) => s.href),
    founder: { "@id": `${siteUrl}/#trainer` },
  };
}

export function personJsonLd(siteUrl: string, trainer: Trainer, imageUrl: string, site: SiteContent): object {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": `${siteUrl}/#trainer`,
    name: trainer.name,
    jobTitle: trainer.role,
    description: trainer.shortBio,
    image: absolute(siteUrl, imageUrl),
    url: absolute(siteUrl, AUTHOR_PATH),
    worksFor: { "@id": `${siteUrl}/#organization` },
    knowsAbout: ["Personal training", "Swimming", "Running", "Triathlon", "Strength training", "Nutrition"],
    sameAs: site.social.map((s) => s.href),
  };
}

/** Lowest monthly price of any purchasable plan ("packages start from €80 per month"), of the offers given. */
export function lowestMonthlyPriceEuro(content: PricingContent): number {
  const prices = content.plans.flatMap((plan) => (plan.monthlyPriceCents ? Object.values(plan.monthlyPriceCents) : []));
  return Math.min(...prices) / 100;
}

/**
 * `offer`: the page's description with the price filled in and the lowest monthly price, both from
 * the published offers (the service route's loader).
 */
export function serviceJsonLd(
  siteUrl: string,
  card: ServiceCard,
  imageUrl: string,
  offer: { description: string; fromPriceEuro: number },
): object {
  const url = absolute(siteUrl, card.learnMoreLink);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: card.title,
    serviceType: `${card.title} online coaching`,
    description: offer.description,
    url,
    image: absolute(siteUrl, imageUrl),
    provider: { "@type": "Organization", "@id": `${siteUrl}/#organization`, name: brand.name, url: `${siteUrl}/` },
    areaServed: { "@type": "Place", name: "Worldwide (online)" },
    availableChannel: { "@type": "ServiceChannel", serviceUrl: url, availableLanguage: "en" },
    offers: {
      "@type": "Offer",
      priceCurrency: "EUR",
      price: offer.fromPriceEuro.toFixed(2),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: offer.fromPriceEuro.toFixed(2),
        priceCurrency: "EUR",
        unitCode: "MON",
      },
      url: absolute(siteUrl, "/pricing"),
    },
  };
}
