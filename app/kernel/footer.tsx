import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { serviceCards } from "#content/services";
import { Icon } from "~/ui/icon";
import { Logo } from "./logo";
import { useSite } from "./seo";
import { homeAnchorHref, homeAnchors, isBlogPath, SITE_LINKS_ID } from "./navigation";

/** The footer's link style, for a control a page puts into the footer (the cookie settings button). */
export const footerLinkClass = "text-white/85 underline-offset-4 hover:text-white hover:underline";

/**
 * The footer of every page. What belongs to a feature comes in from the page's composition, so the
 * shared layer imports no feature (docs/decisions/051-layers-and-the-kernel.md):
 * `newsletter`, the footer's signup form (left out on the blog's pages, which have forms of their own);
 * `cookieSettings`, a control to reopen the consent choice (only when a tag manager is configured).
 */
export function SiteFooter({ newsletter, cookieSettings }: { newsletter?: ReactNode; cookieSettings?: ReactNode }) {
  const { pathname } = useLocation();
  const site = useSite();
  const showNewsletter = newsletter !== undefined && !isBlogPath(pathname);
  return (
    <footer className="bg-navy text-white">
      {showNewsletter && (
        <div className="border-b border-white/10" data-testid="footer-newsletter">
          <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">{newsletter}</div>
        </div>
      )}
      <div
        id={SITE_LINKS_ID}
        className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:grid-cols-2 sm:px-8 lg:grid-cols-4"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/80">{`${site.tagline}.`}</p>
          <p className="mt-4 text-sm">
            <a href={`mailto:${site.contactEmail}`} className={`inline-flex items-center gap-2 ${footerLinkClass}`}>
              <Icon name="mail" className="h-4 w-4" />
              {site.contactEmail}
            </a>
          </p>
        </div>
        <FooterColumn title="Coaching">
          <li>
            <Link discover="none" to="/services" className={footerLinkClass}>
              All services
            </Link>
          </li>
          {serviceCards.map((card) => (
            <li key={card.slug}>
              <Link discover="none" to={card.learnMoreLink} className={footerLinkClass}>
                {card.title}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Explore">
          <li>
            <Link discover="none" to={homeAnchorHref(homeAnchors.howToStart)} className={footerLinkClass}>
              How to Start
            </Link>
          </li>
          <li>
            <Link discover="none" to={homeAnchorHref(homeAnchors.trainer)} className={footerLinkClass}>
              About Mila
            </Link>
          </li>
          <li>
            <Link discover="none" to="/pricing" className={footerLinkClass}>
              Pricing
            </Link>
          </li>
          <li>
            <Link discover="none" to="/blog" className={footerLinkClass}>
              Blog
            </Link>
          </li>
          <li>
            <Link discover="none" to={homeAnchorHref(homeAnchors.faq)} className={footerLinkClass}>
              FAQ
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Follow">
          {site.social.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={footerLinkClass} rel="noopener noreferrer" target="_blank">
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
            {/* One text node: React separates adjacent ones with a comment in the HTML of every page. */}
            {`© ${site.name} · ${site.address.city}, ${site.address.country} · ${site.registrationNumber} · VAT ${site.vatNumber}`}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link discover="none" to="/privacy-policy" className={footerLinkClass}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link discover="none" to="/terms" className={footerLinkClass}>
                Terms
              </Link>
            </li>
            <li>
              <Link discover="none" to="/withdrawal" className={footerLinkClass}>
                Right of withdrawal
              </Link>
            </li>
            <li>
              <Link discover="none" to="/sitemap" className={footerLinkClass}>
                Sitemap
              </Link>
            </li>
            {cookieSettings && <li>{cookieSettings}</li>}
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
