import type { PrivacyContent } from "#content/types";
import { useSite } from "~/kernel/seo";
import { withSiteFacts } from "~/kernel/legal-facts";
import { PageHero } from "~/kernel/page-hero";
import { Container } from "~/ui/layout";
import { longDate } from "~/ui/dates";

export const sectionId = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * A legal page (privacy notice, terms, withdrawal): contents, the business's details from
 * the back office (site facts), and the sections. Every legal page names the business the same way.
 */
export function LegalPage({ title, label, content }: { title: string; label: string; content: PrivacyContent }) {
  const site = useSite();
  // The legal texts name the contact address in their sentences; they say the published one.
  const facts = (text: string) => withSiteFacts(text, site);
  return (
    <>
      <PageHero eyebrow="Legal" title={title} subtitle={`Last updated ${longDate(content.lastUpdated)}`} />
      <div className="bg-white py-16 sm:py-20">
        <Container className="grid gap-12 lg:grid-cols-[16rem_1fr] lg:gap-16">
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <nav aria-label={`${label} contents`}>
              <h2 className="text-sm font-semibold uppercase tracking-[0.16em] text-teal-700">Contents</h2>
              <ol className="mt-4 grid gap-2 text-sm">
                {content.sections.map((section) => (
                  <li key={section.heading}>
                    <a
                      href={`#${sectionId(section.heading)}`}
                      className="text-ink/80 underline-offset-4 hover:text-teal-700 hover:underline"
                    >
                      {section.heading}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
            <div className="mt-8 rounded-2xl bg-[#eef6f5] p-5 text-sm leading-relaxed">
              <p className="font-semibold text-navy">{site.name}</p>
              <p className="text-ink/85">
                {site.address.city}, {site.address.country}
              </p>
              <p className="mt-2 text-ink/85">
                Registration number: <span className="font-semibold text-navy">{site.registrationNumber}</span>
              </p>
              <p className="text-ink/85">
                VAT number: <span className="font-semibold text-navy">{site.vatNumber}</span>
              </p>
              <p className="mt-2">
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="font-semibold text-teal-700 underline underline-offset-2"
                >
                  {site.contactEmail}
                </a>
              </p>
            </div>
          </aside>
          <article className="max-w-3xl">
            <p className="text-lg leading-relaxed text-ink/90">{facts(content.intro)}</p>
            {content.sections.map((section) => (
              <section key={section.heading} aria-labelledby={sectionId(section.heading)} className="mt-12">
                <h2 id={sectionId(section.heading)} className="text-2xl font-bold tracking-tight text-navy">
                  {section.heading}
                </h2>
                <div className="mt-4 grid gap-4 leading-relaxed text-ink/85">
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph.slice(0, 40)}>{facts(paragraph)}</p>
                  ))}
                </div>
                {section.list && (
                  <ul className="mt-4 grid list-disc gap-2 pl-6 leading-relaxed text-ink/85 marker:text-teal">
                    {section.list.map((item) => (
                      <li key={item}>{facts(item)}</li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </article>
        </Container>
      </div>
    </>
  );
}
