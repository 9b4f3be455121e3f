import type { Route } from "./+types/services";
import { serviceCards, servicesOverview } from "#content/services";
import { requireServices } from "~/context";
import { currentFaq, currentTestimonials } from "~/features/site/site-content.server";
import { publishedFromPrice, withFromPrice } from "~/features/site/from-price.server";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { PageHero } from "~/kernel/page-hero";
import { FeatureGrid, ServiceCardGrid } from "~/kernel/sections";
import { FaqBlock } from "~/features/site/faq-block";
import { TestimonialsCarousel } from "~/features/site/testimonials-carousel";
import { Icon } from "~/ui/icon";
import { ButtonLink, buttonStyles } from "~/ui/button";
import { Container, Section, SectionHeading } from "~/ui/layout";

/** The intake starts on the questionnaire page, which leads to booking the call. */
const INTAKE_PATH = "/start";

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
  return { testimonials, faq, description: withFromPrice(servicesOverview.metaDescription, fromPrice) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, location, matches }) =>
  seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? servicesOverview.metaTitle,
    description: data?.description ?? "",
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });

export default function ServicesOverviewPage({ loaderData }: Route.ComponentProps) {
  const { testimonials, faq } = loaderData;
  return (
    <>
      <PageHero eyebrow="Services" title={servicesOverview.hero.title} subtitle={servicesOverview.hero.subtitle}>
        <a href="#programmes" className={buttonStyles({ variant: "light" })}>
          See the programmes
        </a>
        <ButtonLink to={INTAKE_PATH} variant="outlineLight">
          {servicesOverview.cta.button}
        </ButtonLink>
      </PageHero>

      <Section id="programmes" labelledBy="programmes-title" tone="mist">
        <SectionHeading
          id="programmes-title"
          eyebrow="Programmes"
          title="Six Ways to Reach Your Goal"
          subtitle="Pick the programme closest to your goal. Whichever you choose, your plan is written for you."
        />
        <ServiceCardGrid cards={serviceCards} linkLabel="Read More" />
      </Section>

      <Section labelledBy="why-title" tone="navy">
        <SectionHeading id="why-title" eyebrow="Why choose" title={servicesOverview.whyChoose.title} dark />
        <FeatureGrid features={servicesOverview.whyChoose.points} dark columns={4} />
      </Section>

      <Section labelledBy="features-title">
        <SectionHeading
          id="features-title"
          eyebrow="In every programme"
          title="Everything You Need to Succeed"
          subtitle="Whichever goal you choose, these are part of your coaching from day one."
        />
        <FeatureGrid features={servicesOverview.features} columns={4} />
      </Section>

      <Section labelledBy="testimonials-title" tone="mist">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What Clients Say" />
        <div className="mt-12">
          <TestimonialsCarousel items={testimonials} />
        </div>
      </Section>

      <Section id="faq" labelledBy="faq-title">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mt-12">
          <FaqBlock entries={faq} />
        </div>
      </Section>

      <section aria-labelledby="cta-title" className="bg-white pb-20 sm:pb-28">
        <Container>
          <div className="relative isolate overflow-hidden rounded-[2rem] bg-teal-700 px-6 py-14 text-center text-white sm:px-12">
            <div aria-hidden="true" className="absolute -right-16 -top-16 -z-10 h-56 w-56 rounded-full bg-aqua/20" />
            <div aria-hidden="true" className="absolute -bottom-20 -left-10 -z-10 h-56 w-56 rounded-full bg-navy/30" />
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {servicesOverview.cta.title}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-white/90">{servicesOverview.cta.text}</p>
            <div className="mt-8">
              <ButtonLink to={INTAKE_PATH} variant="light">
                {servicesOverview.cta.button}
                <Icon name="arrow-right" className="h-5 w-5" strokeWidth={2.4} />
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
