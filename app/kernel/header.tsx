import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import { useNonce } from "~/ui/nonce";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { blogPostPath, homeAnchorHref, homeAnchors, serviceLinks, type BlogNavGroup } from "./navigation";

// The public chrome's links say discover="none": it is on document pages, which carry no router to
// read React Router's data-discover attribute (kernel/documents.ts), and on the error screen, where a
// link's route is found when it is followed. About 50–70 bytes as sent on every page.
const topLink =
  "inline-flex h-10 items-center gap-1 rounded-full px-3 text-[0.95rem] font-medium text-ink hover:bg-navy/5 hover:text-teal-700";
const menuLink = "block rounded-lg px-3 py-2 text-[0.95rem] text-ink hover:bg-[#eef6f5] hover:text-teal-700";

/**
 * A link chosen in an open menu or dropdown closes it first: a same-page anchor (the home page's
 * sections) then scrolls the page into view instead of behind the menu, a client-side navigation
 * (pages that still run the application) leaves nothing open, and a page restored from the
 * back/forward cache shows closed. Everything else about the menus is the browser's own.
 */
export const closeOnLinkScript = `(function(){var d=document;function shut(){d.querySelectorAll("header :popover-open").forEach(function(p){p.hidePopover()});
d.querySelectorAll("header dialog[open]").forEach(function(m){m.close()})}
addEventListener("click",function(e){var a=e.target.closest&&e.target.closest("header a[href]");if(a&&a.closest("[popover],dialog"))shut()},true);
addEventListener("pageshow",function(e){if(e.persisted)shut()})})();`;

export function SiteHeader({ blogNav }: { blogNav: BlogNavGroup[] }) {
  const nonce = useNonce();
  return (
    <header className="sticky top-0 z-50 h-16 border-b border-navy/10 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link discover="none" to={homeAnchorHref(homeAnchors.howToStart)} className={topLink}>
                How to Start
              </Link>
            </li>
            <li>
              <NavDropdown label="Services">
                <ul className="grid w-64 gap-0.5">
                  {serviceLinks.map((link) => (
                    <li key={link.to}>
                      <Link discover="none" to={link.to} className={menuLink}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </NavDropdown>
            </li>
            <li>
              <Link discover="none" to={homeAnchorHref(homeAnchors.trainer)} className={topLink}>
                Trainer
              </Link>
            </li>
            <li>
              <NavDropdown label="Blog" wide={blogNav.length > 1}>
                <BlogMenu groups={blogNav} />
              </NavDropdown>
            </li>
            <li>
              <Link discover="none" to="/pricing" className={topLink}>
                Pricing
              </Link>
            </li>
            <li>
              <Link discover="none" to={homeAnchorHref(homeAnchors.faq)} className={topLink}>
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
        <MobileMenu blogNav={blogNav} />
      </div>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: closeOnLinkScript }} />
    </header>
  );
}

function BlogMenu({ groups }: { groups: BlogNavGroup[] }) {
  return (
    <div className="grid gap-3">
      <Link discover="none" to="/blog" className={`${menuLink} font-semibold text-navy`}>
        Blog Overview
      </Link>
      {groups.length > 0 && (
        <div className="grid gap-4 border-t border-navy/10 pt-3 sm:grid-cols-2">
          {groups.map((group) => (
            <div key={group.category} role="group" aria-labelledby={`blog-nav-${slugify(group.category)}`}>
              <p
                id={`blog-nav-${slugify(group.category)}`}
                className="px-3 pb-1 text-xs font-semibold uppercase tracking-[0.14em] text-teal-700"
              >
                {group.category}
              </p>
              <ul className="grid gap-0.5">
                {group.posts.map((post) => (
                  <li key={post.slug}>
                    <Link discover="none" to={blogPostPath(post.slug)} className={`${menuLink} text-sm`}>
                      {post.title}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link discover="none" to={group.allHref} className={`${menuLink} text-sm font-semibold`}>
                    {`All articles in ${group.category}`}
                  </Link>
                </li>
              </ul>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

const slugify = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * Dropdown built from a popover, so it works before any script and with scripts blocked: the button
 * toggles the panel with a click, Enter or Space and exposes its expanded state; Escape or a click
 * elsewhere closes it (focus returns to the button); Tab from the open button moves into the panel.
 * For a mouse the panel also shows while the pointer rests on the item (site.css, `data-nav-dropdown`).
 * CSS anchor positioning places the panel under its button, in the top layer or not.
 */
function NavDropdown({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const id = `nav-${slugify(label)}`;
  return (
    <div data-nav-dropdown="">
      <button type="button" popoverTarget={id} className={topLink} style={{ anchorName: `--${id}` }}>
        {label}
        <Icon name="chevron-down" className="h-4 w-4 transition-transform" strokeWidth={2.2} />
      </button>
      <div
        id={id}
        popover="auto"
        data-nav-panel=""
        className={`nav-panel ${wide ? "w-[36rem]" : ""}`}
        style={{ positionAnchor: `--${id}` }}
      >
        <div className="rounded-2xl border border-navy/10 bg-white p-3 shadow-xl shadow-navy/15">{children}</div>
      </div>
    </div>
  );
}
