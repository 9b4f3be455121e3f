import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/ui/icon";
import { Logo } from "./logo";
import { blogPostPath, homeAnchorHref, homeAnchors, serviceLinks, type BlogNavGroup } from "./navigation";
import { buttonStyles } from "~/ui/button";

export const MOBILE_MENU_ID = "mobile-menu";
const panelId = (name: "services" | "blog") => `${MOBILE_MENU_ID}-${name}`;

const menuButtonClass =
  "inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border border-navy/15 px-3.5 font-semibold text-navy hover:bg-navy/5";

const rowClass =
  "flex min-h-12 w-full items-center justify-between rounded-xl px-4 py-3 text-left text-lg font-medium text-navy hover:bg-[#eef6f5]";

/**
 * Full-screen menu below 1024 px, built from the browser's own parts so it works before any script
 * and with scripts blocked: the Menu button opens a modal `<dialog>` (invoker command `show-modal`:
 * focus moves into it, the page behind is inert, Escape closes it and focus returns to the button);
 * Services and Blog articles are popovers over the main list (their buttons expose the expanded state,
 * Back or Escape closes them and focus returns to the row that opened them). site.css stops the page
 * behind from scrolling while the menu is open.
 */
export function MobileMenu({ blogNav }: { blogNav: BlogNavGroup[] }) {
  const navLink = (to: string, label: ReactNode, extra = "") => (
    <Link discover="none" to={to} className={`${rowClass} ${extra}`}>
      {label}
    </Link>
  );

  return (
    <div className="shrink-0 lg:hidden">
      <button
        type="button"
        commandfor={MOBILE_MENU_ID}
        command="show-modal"
        aria-haspopup="dialog"
        className={menuButtonClass}
        data-menu-button=""
      >
        <Icon name="menu" className="h-5 w-5" strokeWidth={2.2} />
        Menu
      </button>
      <dialog
        id={MOBILE_MENU_ID}
        aria-label="Site menu"
        data-mobile-menu=""
        className="m-0 h-dvh max-h-none w-full max-w-none flex-col overflow-hidden border-0 bg-white p-0 text-ink open:flex backdrop:bg-navy/40"
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-navy/10 px-5">
          <Logo />
          <button
            type="button"
            commandfor={MOBILE_MENU_ID}
            command="close"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-navy/15 text-navy hover:bg-navy/5"
          >
            <Icon name="close" className="h-5 w-5" strokeWidth={2.2} />
            <span className="sr-only">Close menu</span>
          </button>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
          <nav aria-label="Mobile" data-menu-main="">
            <ul className="grid gap-1">
              <li>{navLink(homeAnchorHref(homeAnchors.howToStart), "How to Start")}</li>
              <li>
                <button type="button" className={rowClass} popoverTarget={panelId("services")}>
                  Services
                  <Icon name="chevron-right" className="h-5 w-5 text-teal" />
                </button>
              </li>
              <li>{navLink(homeAnchorHref(homeAnchors.trainer), "Trainer")}</li>
              <li>
                <button type="button" className={rowClass} popoverTarget={panelId("blog")}>
                  Blog articles
                  <Icon name="chevron-right" className="h-5 w-5 text-teal" />
                </button>
              </li>
              <li>{navLink("/pricing", "Pricing")}</li>
              <li>{navLink(homeAnchorHref(homeAnchors.faq), "FAQ")}</li>
            </ul>
            <div className="mt-6 px-4">
              <Link
                discover="none"
                to={homeAnchorHref(homeAnchors.howToStart)}
                className={buttonStyles({ className: "flex px-6" })}
              >
                Start your free intake
              </Link>
            </div>
          </nav>
          <SubPanel name="services" title="Services">
            {serviceLinks.map((link) => (
              <li key={link.to}>{navLink(link.to, link.label)}</li>
            ))}
          </SubPanel>
          <SubPanel name="blog" title="Blog articles">
            <li>{navLink("/blog", "Blog Overview", "font-semibold")}</li>
            {blogNav.map((group) => (
              <li key={group.category} className="mt-3">
                <p className="px-4 pb-1 text-xs font-semibold uppercase tracking-[0.14em] text-teal-700">
                  {group.category}
                </p>
                <ul className="grid gap-1">
                  {group.posts.map((post) => (
                    <li key={post.slug}>{navLink(blogPostPath(post.slug), post.title, "text-base")}</li>
                  ))}
                  <li>{navLink(group.allHref, `All articles in ${group.category}`, "text-base font-semibold")}</li>
                </ul>
              </li>
            ))}
          </SubPanel>
        </div>
      </dialog>
    </div>
  );
}

/** A sub-panel covers the main list below the menu's top bar; its Back button takes focus when it opens. */
function SubPanel({ name, title, children }: { name: "services" | "blog"; title: string; children: ReactNode }) {
  return (
    <nav
      popover="auto"
      id={panelId(name)}
      aria-label={title}
      className="inset-x-0 bottom-0 top-16 m-0 h-auto max-h-none w-full max-w-none overflow-y-auto overscroll-contain border-0 bg-white px-3 py-4 text-ink"
    >
      <button
        type="button"
        popoverTarget={panelId(name)}
        popoverTargetAction="hide"
        // The popover's focusing step: Back takes focus when the panel opens.
        autoFocus
        className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 font-semibold text-teal-700 hover:bg-[#eef6f5]"
      >
        <Icon name="chevron-left" className="h-5 w-5" strokeWidth={2.2} />
        Back
      </button>
      <h2 className="px-4 pb-2 pt-3 text-sm font-semibold uppercase tracking-[0.16em] text-ink/70">{title}</h2>
      <ul className="grid gap-1">{children}</ul>
    </nav>
  );
}
