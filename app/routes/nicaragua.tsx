import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/nicaragua";
import { site } from "#content/site";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { AUTHOR_PATH } from "~/kernel/structured-data";
import { Picture, mediaUrl } from "~/ui/picture";
import { requireServices } from "~/context";
import { eventPage, handleEventSignup } from "~/features/events/event-signup.server";
import { WAITLIST_TEXTS } from "~/features/events/event-schema";
import { isoWithOffset } from "~/infra/zoned-time";
import { EventSignupForm } from "~/features/events/event-signup-form";
import { daysLeftLabel } from "~/features/events/event-dates";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";

type Schedule = Awaited<ReturnType<typeof loader>>;

/**
 * Rendered per request (route-meta.ts: renderPerRequest): the published event (the next one, else
 * the last), open or closed by today's date, full when its places are taken.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const page = await eventPage(services);
  if (!page) throw data("No event has been published yet.", { status: 404 });
  const { event: current, state, dateLabel, timeLabel, full } = page;
  const zone = current.data.timeZone;
  return {
    event: current.data,
    // With the venue's offset, as search engines read it (the instant is the same).
    startsAt: isoWithOffset(current.start, zone),
    endsAt: isoWithOffset(current.end, zone),
    signupsOpenAt: isoWithOffset(current.firstPublishedAt, zone),
    state,
    dateLabel,
    timeLabel,
    full,
  };
}

/**
 * schema.org has no "ended" status: an event that took place keeps EventScheduled (anything
 * else would tell search engines it was cancelled or moved); its past endDate and an offer no
 * longer available after validThrough say that it is over.
 */
function eventJsonLd(siteUrl: string, schedule: Schedule): object {
  const passed = schedule.state.status === "passed";
  const { event } = schedule;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description[0],
    startDate: schedule.startsAt,
    endDate: schedule.endsAt,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    image: [`${siteUrl}${mediaUrl(event.image, 1440)}`],
    location: {
      "@type": "Place",
      name: event.venue,
      address: {
        "@type": "PostalAddress",
        streetAddress: event.streetAddress,
        addressLocality: event.locality,
        addressRegion: event.region,
        addressCountry: event.countryCode,
      },
    },
    performer: {
      "@type": "Person",
      "@id": `${siteUrl}/#trainer`,
      name: site.trainerName,
      url: `${siteUrl}${AUTHOR_PATH}`,
    },
    offers: {
      "@type": "Offer",
      price: event.price.amount,
      priceCurrency: event.price.currency,
      availability: passed
        ? "https://schema.org/OutOfStock"
        : schedule.full
          ? "https://schema.org/SoldOut"
          : "https://schema.org/InStock",
      validFrom: schedule.signupsOpenAt,
      validThrough: schedule.startsAt,
      url: `${siteUrl}/nicaragua`,
    },
    organizer: { "@type": "Organization", "@id": `${siteUrl}/#organization`, name: site.name, url: siteUrl },
  };
}

export const meta: Route.MetaFunction = ({ location, matches, loaderData }) => {
  const entry = findRouteEntry(location.pathname);
  const schedule = loaderData;
  const siteUrl = siteUrlFromMatches(matches);
  if (!schedule) return seoMeta({ title: entry?.title ?? "Event", description: "", path: location.pathname, siteUrl });
  const { event } = schedule;
  return seoMeta({
    title: event.title,
    description:
      `${schedule.dateLabel}, ${schedule.timeLabel} at ${event.venue}, ${event.locality}: ${event.description[0]}`.slice(
        0,
        300,
      ),
    path: location.pathname,
    siteUrl,
    image: mediaUrl(event.image, 1440),
    jsonLd: [eventJsonLd(siteUrl, schedule)],
  });
};

/** The signup form's plain HTML post lands here; with JavaScript it posts to /api/event-signup. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await handleEventSignup(request, requireServices(context));
  // A page that shows the visitor's own mistakes is a normal answer (200), not a failed request.
  const status = result.outcome.status === "invalid" ? 200 : result.status;
  return data(result.outcome, { status, headers: result.headers });
}

export default function NicaraguaPage() {
  const outcome = useActionData<typeof action>();
  const schedule = useLoaderData<typeof loader>();
  const { event, full } = schedule;
  const open = schedule.state.status === "upcoming";
  const details = [
    { label: "Date", value: schedule.dateLabel },
    { label: "Time", value: schedule.timeLabel },
    { label: "Where", value: `${event.venue}, ${event.locality}` },
    { label: "Equipment", value: event.equipmentLabel },
    { label: "Cost", value: event.costLabel },
  ];
  return (
    <>
      <section className="relative overflow-hidden bg-navy text-white" aria-labelledby="event-title">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-5 py-14 sm:px-8 lg:grid-cols-2 lg:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.18em] text-aqua">
              {event.locality}, {event.country}
            </p>
            <h1 id="event-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
              {event.title}
            </h1>
            <p className="mt-4 inline-flex rounded-full bg-aqua px-4 py-1.5 text-base font-semibold text-navy">
              {schedule.state.status === "upcoming"
                ? `${daysLeftLabel(schedule.state.daysLeft)}${full ? ` · ${WAITLIST_TEXTS.badge}` : ""}`
                : "This event has passed"}
            </p>
            <dl className="mt-8 grid gap-3 sm:grid-cols-2">
              {details.map((d) => (
                <div key={d.label} className="rounded-2xl bg-white/10 px-4 py-3">
                  <dt className="text-xs font-semibold uppercase tracking-[0.14em] text-aqua">{d.label}</dt>
                  <dd className="mt-1 text-lg font-semibold">{d.value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Picture
            image={event.image}
            sizes="(min-width: 1024px) 560px, 100vw"
            priority
            className="block overflow-hidden rounded-3xl shadow-2xl"
            imgClassName="h-auto w-full"
          />
        </div>
      </section>

      <section className="bg-white" aria-labelledby="event-about">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <h2 id="event-about" className="text-3xl font-bold text-navy">
              What to expect
            </h2>
            {event.description.map((paragraph) => (
              <p key={paragraph.slice(0, 24)} className="mt-4 text-lg leading-relaxed text-ink/85">
                {paragraph}
              </p>
            ))}
            <h3 className="mt-10 text-xl font-bold text-navy">What to bring</h3>
            <ul className="mt-4 grid gap-2">
              {event.bringList.map((item) => (
                <li key={item} className="flex gap-3 text-ink/85">
                  <span className="mt-2 h-2 w-2 shrink-0 rounded-full bg-teal" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          {open ? (
            <div id="reserve" className="self-start rounded-3xl bg-sand/60 p-6 shadow-lg sm:p-8">
              <h2 id="event-form-title" className="mb-6 text-2xl font-bold text-navy">
                {full ? WAITLIST_TEXTS.heading : event.buttonLabel}
              </h2>
              {full ? <p className="-mt-3 mb-6 text-ink/85">{WAITLIST_TEXTS.intro}</p> : null}
              <EventSignupForm
                buttonLabel={full ? WAITLIST_TEXTS.button : event.buttonLabel}
                thanks={event.thanks}
                waitlistThanks={WAITLIST_TEXTS.thanks}
                serverOutcome={outcome}
              />
            </div>
          ) : (
            <div id="reserve" className="self-start">
              {outcome?.status === "closed" ? (
                <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                  {outcome.message}
                </p>
              ) : null}
              <NewsletterForm
                variant="in-article"
                source="event"
                content={{
                  title: event.closedTitle,
                  description: event.closedText,
                  ctaText: "Keep me posted",
                  inputPlaceholder: "Your e-mail address",
                }}
              />
            </div>
          )}
        </div>
      </section>
    </>
  );
}
