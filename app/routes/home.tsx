import type { Route } from "./+types/home";
import { home } from "#content/home";
import { serviceCards } from "#content/services";
import { trainer } from "#content/trainer";
import { requireServices } from "~/context";
import { currentFaq, currentTestimonials } from "~/features/site/site-content.server";
import { publishedFromPrice, withFromPrice } from "~/features/site/from-price.server";
import { siteFromMatches } from "~/kernel/seo";
import { findRouteEntry } from "~/kernel/route-meta";
import { mediaImagePath, seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { faqPageJsonLd, organizationJsonLd, personJsonLd } from "~/kernel/structured-data";
import { HomeHero } from "~/features/site/home-hero";
import { FaqBlock } from "~/features/site/faq-block";
import { TestimonialsCarousel } from "~/features/site/testimonials-carousel";
import { CheckList, ServiceCardGrid } from "~/kernel/sections";
import { homeAnchors } from "~/kernel/navigation";
import { StartFormSection } from "~/features/questionnaire/start-form-section";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";
import { buttonStyles } from "~/ui/button";
import { Section, SectionHeading } from "~/ui/layout";

/**
 * The published testimonials and FAQ (back office), in the trainer's order, and the description
 * with the lowest monthly price of the published offers.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const [testimonials, faq, fromPrice] = await Promise.all([
    currentTestimonials(services),
    currentFaq(services),
    publishedFromPrice(services),
  ]);
  return { testimonials, faq, description: withFromPrice(home.metaDescription, fromPrice) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, location, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const site = siteFromMatches(matches);
  const trainerImage = mediaImagePath(trainer.image.src, 960);
  return seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? home.metaTitle,
    description: data?.description ?? "",
    path: location.pathname,
    siteUrl,
    image: mediaImagePath(home.hero.poster.src),
    jsonLd: [
      organizationJsonLd(siteUrl, site),
      personJsonLd(siteUrl, trainer, trainerImage, site),
      faqPageJsonLd(data?.faq ?? []),
    ],
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { testimonials, faq } = loaderData;
  return (
    <>
      <HomeHero hero={home.hero} secondary={{ label: "Explore programmes", href: `#${homeAnchors.services}` }} />

      <Section id={homeAnchors.services} labelledBy="services-title" tone="mist">
        <SectionHeading
          id="services-title"
          eyebrow="Programmes"
          title={home.servicesIntro.title}
          subtitle={home.servicesIntro.subtitle}
        />
        <ServiceCardGrid cards={serviceCards} linkLabel="Learn more" />
      </Section>

      <Section id={homeAnchors.trainer} labelledBy="trainer-title">
        <div className="grid items-center gap-12 lg:grid-cols-[5fr_7fr] lg:gap-16">
          <div className="relative mx-auto w-full max-w-sm lg:max-w-none">
            <div aria-hidden="true" className="absolute -inset-3 -z-10 rotate-2 rounded-[2rem] bg-aqua/30" />
            <Picture
              image={trainer.image}
              sizes="(min-width: 1024px) 420px, (min-width: 640px) 384px, 90vw"
              className="block overflow-hidden rounded-[1.75rem] bg-sand shadow-xl shadow-navy/15"
              imgClassName="h-auto w-full"
            />
          </div>
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal">Meet your coach</p>
            <h2 id="trainer-title" className="mt-2 text-3xl font-bold tracking-tight text-navy sm:text-4xl">
              {trainer.name}
            </h2>
            <p className="mt-2 text-lg font-medium text-ink/80">{trainer.role}</p>
            <div className="mt-6 grid gap-4 leading-relaxed text-ink/85">
              {trainer.bio.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
            <div className="mt-8">
              <CheckList items={trainer.credentials} />
            </div>
          </div>
        </div>
      </Section>

      <Section labelledBy="approach-title" tone="navy">
        <SectionHeading
          id="approach-title"
          eyebrow="Three pillars"
          title={home.approach.title}
          subtitle={home.approach.subtitle}
          dark
        />
        <ol className="mt-12 grid gap-5 md:grid-cols-3">
          {home.approach.pillars.map((pillar, index) => (
            <li key={pillar.title} className="rounded-2xl bg-white/5 p-7 ring-1 ring-white/10">
              <div className="flex items-center justify-between">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-aqua/15 text-aqua">
                  <Icon name={pillar.icon} />
                </span>
                <span aria-hidden="true" className="text-4xl font-extrabold text-aqua/70">
                  {`0${index + 1}`}
                </span>
              </div>
              <h3 className="mt-5 text-xl font-bold text-white">{pillar.title}</h3>
              <p className="mt-3 leading-relaxed text-white/80">{pillar.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="start-title" tone="sand">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="start-title" className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">
            {home.start.title}
            <span className="mt-1 block text-base font-extrabold tracking-[0.3em] text-teal-700 sm:text-lg">
              {home.start.kicker}
            </span>
          </h2>
        </div>
        <ol className="relative mt-12 grid gap-6 md:grid-cols-3">
          {home.start.steps.map((step) => (
            <li key={step.number} className="relative rounded-2xl bg-white p-7 shadow-sm ring-1 ring-navy/10">
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-navy text-lg font-extrabold text-aqua">
                <span className="sr-only">Step </span>
                {step.number}
              </span>
              <h3 className="mt-5 text-xl font-bold text-navy">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-ink/80">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <a href={`#${homeAnchors.howToStart}`} className={buttonStyles({ raised: true })}>
            {home.hero.cta}
            <Icon name="arrow-right" className="h-5 w-5" strokeWidth={2.4} />
          </a>
        </div>
      </Section>

      <Section id={homeAnchors.faq} labelledBy="faq-title">
        <SectionHeading id="faq-title" eyebrow="FAQ" title={home.faqTitle} />
        <div className="mt-12">
          <FaqBlock entries={faq} />
        </div>
      </Section>

      <StartFormSection />

      <Section labelledBy="testimonials-title" tone="mist">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title={home.testimonialsTitle} />
        <div className="mt-12">
          <TestimonialsCarousel items={testimonials} />
        </div>
      </Section>
    </>
  );
}
