import { useLocation } from "react-router";
import type { Route } from "./+types/service";
import { serviceCards } from "#content/services";
import { servicePages } from "#content/service-pages";
import type { FaqEntry, ServiceCard, ServicePage, ServiceSlug, Testimonial } from "#content/types";
import { requireServices } from "~/context";
import { currentFaq, currentTestimonials } from "~/features/site/site-content.server";
import { fromPriceLabel, withFromPrice } from "~/features/site/from-price.server";
import { currentPricing } from "~/features/checkout/offers.server";
import { findRouteEntry } from "~/kernel/route-meta";
import { mediaImagePath, seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { lowestMonthlyPriceEuro, serviceJsonLd } from "~/kernel/structured-data";
import { PageHero } from "~/kernel/page-hero";
import { CheckList, FeatureGrid } from "~/kernel/sections";
import { FaqBlock } from "~/features/site/faq-block";
import { TestimonialsCarousel } from "~/features/site/testimonials-carousel";
import { StickyCtaBar } from "~/features/site/sticky-bar";
import { StartFormSection } from "~/features/questionnaire/start-form-section";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";
import { buttonStyles } from "~/ui/button";
import { Section, SectionHeading } from "~/ui/layout";

/** One module serves all six /services/<slug> pages; the slug is the last path segment. */
function serviceFor(pathname: string): { page: ServicePage; card: ServiceCard } {
  const slug = pathname.replace(/\/+$/, "").split("/").pop() as ServiceSlug;
  const page = servicePages[slug];
  const card = serviceCards.find((c) => c.slug === slug);
  if (!page || !card) throw new Response("Not Found", { status: 404 });
  return { page, card };
}

/** The FAQ block holds 11 questions: the service's own first, then general ones. */
const FAQ_ENTRIES = 11;

function faqFor(page: ServicePage, faq: FaqEntry[]) {
  const own = new Set(page.faq.map((e) => e.question));
  return [...page.faq, ...faq.filter((e) => !own.has(e.question))].slice(0, FAQ_ENTRIES);
}

/** Clients of this programme first, so the first testimonials speak to the visitor's goal. */
function testimonialsFor(card: ServiceCard, testimonials: Testimonial[]): Testimonial[] {
  const matches = (t: Testimonial) => t.programme === card.title;
  return [...testimonials.filter(matches), ...testimonials.filter((t) => !matches(t))];
}

/**
 * The published testimonials and FAQ (back office), in the trainer's order, and the page's offer:
 * its description with the lowest monthly price of the published offers, and that price.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const { page } = serviceFor(url.pathname);
  const [testimonials, faq, pricing] = await Promise.all([
    currentTestimonials(services),
    currentFaq(services),
    currentPricing(services),
  ]);
  const offer = {
    description: withFromPrice(page.metaDescription, fromPriceLabel(pricing)),
    fromPriceEuro: lowestMonthlyPriceEuro(pricing),
  };
  return { testimonials, faq, offer };
}

export const meta: Route.MetaFunction = ({ loaderData: data, location, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const { page, card } = serviceFor(location.pathname);
  const image = mediaImagePath(card.image.src);
  return seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? page.metaTitle,
    description: data?.offer.description ?? "",
    path: location.pathname,
    siteUrl,
    image,
    jsonLd: data ? [serviceJsonLd(siteUrl, card, image, data.offer)] : [],
  });
};

export default function ServicePageRoute({ loaderData }: Route.ComponentProps) {
  const { testimonials, faq } = loaderData;
  const { page, card } = serviceFor(useLocation().pathname);
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} subtitle={page.hero.subtitle}>
        <a href="#contact-section" className={buttonStyles({ variant: "light" })}>
          {page.hero.cta}
          <Icon name="arrow-right" className="h-5 w-5" strokeWidth={2.4} />
        </a>
        <a href="#what-you-get" className={buttonStyles({ variant: "outlineLight" })}>
          What you get
        </a>
      </PageHero>

      <Section labelledBy="intro-title">
        <div className="grid items-start gap-12 lg:grid-cols-2 lg:gap-16">
          <div>
            <h2 id="intro-title" className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">
              {page.intro.title}
            </h2>
            <div className="mt-6 grid gap-4 text-lg leading-relaxed text-ink/85">
              {page.intro.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
          </div>
          <div className="grid gap-8">
            <Picture
              image={page.intro.image}
              priority
              sizes="(min-width: 1024px) 540px, 100vw"
              className="block overflow-hidden rounded-[1.75rem] bg-sand shadow-xl shadow-navy/10"
              imgClassName="h-auto w-full"
            />
            <div className="rounded-2xl bg-[#eef6f5] p-6 sm:p-8">
              <h3 className="text-lg font-bold text-navy">What you can expect</h3>
              <div className="mt-4">
                <CheckList items={page.benefits} />
              </div>
            </div>
          </div>
        </div>
      </Section>

      <Section id="what-you-get" labelledBy="what-you-get-title" tone="mist">
        <SectionHeading id="what-you-get-title" eyebrow="Included" title="What you get" />
        <FeatureGrid features={page.whatYouGet} columns={page.whatYouGet.length % 3 === 0 ? 3 : 2} />
      </Section>

      <Section labelledBy="why-title" tone="navy">
        <SectionHeading id="why-title" eyebrow="Why choose" title={page.whyChoose.title} dark />
        <FeatureGrid features={page.whyChoose.points} dark />
      </Section>

      <Section id="faq" labelledBy="faq-title">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-12">
          <FaqBlock entries={faqFor(page, faq)} />
        </div>
      </Section>

      <StartFormSection
        startFromQuestion={page.prefill.startFromQuestion}
        answers={page.prefill.answers}
        title={`${card.title}: start your free intake`}
      />

      <Section labelledBy="testimonials-title" tone="mist">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What Clients Say" />
        <div className="mt-12">
          <TestimonialsCarousel items={testimonialsFor(card, testimonials)} />
        </div>
      </Section>

      <StickyCtaBar message={page.stickyBar.message} cta={page.stickyBar.cta} storageKey={page.stickyBar.storageKey} />
    </>
  );
}
