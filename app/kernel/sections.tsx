import { Link } from "react-router";
import type { Feature, ServiceCard } from "#content/types";
import { Icon } from "~/ui/icon";
import { Picture } from "~/ui/picture";

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li key={item} className="tick-badge flex gap-3 text-ink/90">
          {item}
        </li>
      ))}
    </ul>
  );
}

export function FeatureGrid({
  features,
  dark = false,
  columns = 3,
}: {
  features: Feature[];
  dark?: boolean;
  columns?: 2 | 3 | 4;
}) {
  const cols = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`mt-12 grid gap-5 ${cols}`}>
      {features.map((feature) => (
        <li
          key={feature.title}
          className={`rounded-2xl p-6 sm:p-7 ${dark ? "bg-white/5 ring-1 ring-white/10" : "bg-white shadow-sm ring-1 ring-navy/10"}`}
        >
          <span
            className={`flex h-12 w-12 items-center justify-center rounded-xl ${dark ? "bg-aqua/15 text-aqua" : "bg-[#eef6f5] text-teal-700"}`}
          >
            <Icon name={feature.icon} />
          </span>
          <h3 className={`mt-5 text-lg font-bold ${dark ? "text-white" : "text-navy"}`}>{feature.title}</h3>
          <p className={`mt-2 leading-relaxed ${dark ? "text-white/80" : "text-ink/80"}`}>{feature.description}</p>
        </li>
      ))}
    </ul>
  );
}

/** Program cards with picture, benefits and a link to the service page. */
export function ServiceCardGrid({ cards, linkLabel }: { cards: ServiceCard[]; linkLabel: string }) {
  return (
    <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.slug}
          className="group flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy/10 transition-shadow hover:shadow-xl hover:shadow-navy/10"
        >
          <Picture
            image={card.image}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            className="block aspect-[3/2] overflow-hidden bg-sand"
            imgClassName="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-xl font-bold text-navy">{card.title}</h3>
            <p className="mt-2 leading-relaxed text-ink/80">{card.description}</p>
            <ul className="mt-4 grid gap-2 text-sm">
              {card.benefits.map((benefit) => (
                <li key={benefit} className="tick flex gap-2 text-ink/85">
                  {benefit}
                </li>
              ))}
            </ul>
            <Link
              to={card.learnMoreLink}
              className="mt-auto inline-flex items-center gap-2 self-start pt-6 font-semibold text-teal-700 underline-offset-4 hover:underline"
            >
              {linkLabel}
              <span className="sr-only">{` about ${card.title}`}</span>
              <Icon name="arrow-right" className="h-4 w-4" strokeWidth={2.4} />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
