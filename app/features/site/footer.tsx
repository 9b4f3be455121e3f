import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { serviceCards } from "#content/services";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { Icon } from "~/ui/icon";
import { openConsentSettings } from "./consent";
import { Logo } from "./logo";
import { useSite } from "./seo";
import { homeAnchorHref, homeAnchors, isBlogPath, SITE_LINKS_ID } from "./navigation";

const linkClass = "text-white/85 underline-offset-4 hover:text-white hover:underline";

/** `cookieSettings`: only when a tag manager is configured is there a choice to change. */
export function SiteFooter({ cookieSettings = false }: { cookieSettings?: boolean }) {
  const { pathname } = useLocation();
  const site = useSite();
  const showNewsletter = !isBlogPath(pathname);
  return (
    <footer className="bg-navy text-white">
      {showNewsletter && (
        <div className="border-b border-white/10" data-testid="footer-newsletter">
          <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
            <NewsletterForm variant="footer" source="footer" />
          </div>
        </div>
      )}
      <div
        id={SITE_LINKS_ID}
        className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:grid-cols-2 sm:px-8 lg:grid-cols-4"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/80">{site.tagline}.</p>
          <p className="mt-4 text-sm">
            <a href={`mailto:${site.contactEmail}`} className={`inline-flex items-center gap-2 ${linkClass}`}>
              <Icon name="mail" className="h-4 w-4" />
              {site.contactEmail}
            </a>
          </p>
        </div>
        <FooterColumn title="Coaching">
          <li>
            <Link to="/services" className={linkClass}>
              All services
            </Link>
          </li>
          {serviceCards.map((card) => (
            <li key={card.slug}>
              <Link to={card.learnMoreLink} className={linkClass}>
                {card.title}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Explore">
          <li>
            <Link to={homeAnchorHref(homeAnchors.howToStart)} className={linkClass}>
              How to Start
            </Link>
          </li>
          <li>
            <Link to={homeAnchorHref(homeAnchors.trainer)} className={linkClass}>
              About Mila
            </Link>
          </li>
          <li>
            <Link to="/pricing" className={linkClass}>
              Pricing
            </Link>
          </li>
          <li>
            <Link to="/blog" className={linkClass}>
              Blog
            </Link>
          </li>
          <li>
            <Link to={homeAnchorHref(homeAnchors.faq)} className={linkClass}>
              FAQ
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Follow">
          {site.social.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={linkClass} rel="noopener noreferrer" target="_blank">
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-5 py-6 text-sm text-white/75 sm:px-8 md:flex-row md:items-center md:justify-between">
          <p>
            © {site.name} · {site.address.city}, {site.address.country} · {site.registrationNumber} · VAT{" "}
            {site.vatNumber}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/withdrawal" className={linkClass}>
                Right of withdrawal
              </Link>
            </li>
            <li>
              <Link to="/sitemap" className={linkClass}>
                Sitemap
              </Link>
            </li>
            {cookieSettings && (
              <li>
                <button
                  type="button"
                  onClick={openConsentSettings}
                  data-consent-settings=""
                  className={`${linkClass} cursor-pointer`}
                >
                  Cookie settings
                </button>
              </li>
            )}
          </ul>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-[0.16em] text-aqua">{title}</h2>
      <ul className="mt-4 grid gap-2.5 text-sm">{children}</ul>
    </div>
  );
}
