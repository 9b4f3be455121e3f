import type { Route } from "./+types/about";
import { trainer } from "#content/trainer";
import { siteFromMatches, useSite } from "~/kernel/seo";
import { findRouteEntry } from "~/kernel/route-meta";
import { mediaImagePath, seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { personJsonLd } from "~/kernel/structured-data";
import { PageHero } from "~/kernel/page-hero";
import { CheckList } from "~/kernel/sections";
import { Picture } from "~/ui/picture";
import { ButtonLink } from "~/ui/button";

/** The coach's own page: who writes the articles and who coaches (the articles' author link). */
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? trainer.name,
    description: trainer.shortBio.slice(0, 300),
    path: location.pathname,
    siteUrl,
    image: mediaImagePath(trainer.image.src, 960),
    jsonLd: [personJsonLd(siteUrl, trainer, mediaImagePath(trainer.image.src, 960), siteFromMatches(matches))],
  });
};

export default function AboutPage() {
  const site = useSite();
  return (
    <>
      <PageHero eyebrow="About" title={trainer.name} subtitle={trainer.role} />
      <section aria-label={`About ${trainer.name}`} className="mx-auto max-w-6xl px-5 py-16 sm:px-8">
        <div className="grid items-start gap-12 lg:grid-cols-[5fr_7fr] lg:gap-16">
          <Picture
            image={trainer.image}
            sizes="(min-width: 1024px) 420px, (min-width: 640px) 384px, 90vw"
            className="mx-auto block w-full max-w-sm overflow-hidden rounded-[1.75rem] bg-sand shadow-xl shadow-navy/15 lg:max-w-none"
            imgClassName="h-auto w-full"
          />
          <div>
            <div className="grid gap-4 text-lg leading-relaxed text-ink/85">
              {trainer.bio.map((paragraph) => (
                <p key={paragraph.slice(0, 32)}>{paragraph}</p>
              ))}
            </div>
            <h2 className="mt-10 text-2xl font-bold text-navy">Experience</h2>
            <div className="mt-4">
              <CheckList items={trainer.credentials} />
            </div>
            <div className="mt-10 flex flex-wrap gap-4">
              <ButtonLink to="/start" className="px-6">
                Start with a free intake
              </ButtonLink>
              <ButtonLink to="/blog" variant="secondary" className="border px-6">
                Read my articles
              </ButtonLink>
            </div>
            <p className="mt-6 text-sm text-ink/75">
              {site.name} · {site.address.city}
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
