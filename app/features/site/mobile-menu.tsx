import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Link, useLocation } from "react-router";
import type { BlogNavGroup } from "~/features/blog/navigation.server";
import { Icon } from "~/ui/icon";
import { trapTab, focusableIn } from "./focus";
import { Logo } from "./logo";
import { blogPostPath, homeAnchorHref, homeAnchors, serviceLinks, SITE_LINKS_ID } from "./navigation";
import { buttonStyles } from "~/ui/button";

type Panel = "main" | "services" | "blog";

const menuButtonClass =
  "inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full border border-navy/15 px-3.5 font-semibold text-navy hover:bg-navy/5";

const rowClass =
  "flex min-h-12 w-full items-center justify-between rounded-xl px-4 py-3 text-left text-lg font-medium text-navy hover:bg-[#eef6f5]";

/**
 * Full-screen menu below 1024 px: a modal dialog with the sub-panels main,
 * services and blog articles. Escape closes it, focus stays inside and returns
 * to the menu button, and the page behind does not scroll.
 */
export function MobileMenu({ blogNav }: { blogNav: BlogNavGroup[] }) {
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<Panel>("main");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const lastOpener = useRef<Panel | null>(null);
  const location = useLocation();

  const close = (restoreFocus = true) => {
    setOpen(false);
    setPanel("main");
    if (restoreFocus) requestAnimationFrame(() => buttonRef.current?.focus());
  };

  useEffect(() => {
    setOpen(false);
    setPanel("main");
  }, [location.key]);

  useLayoutEffect(() => {
    if (!open) return;
    const html = document.documentElement;
    const previous = { html: html.style.overflow, body: document.body.style.overflow };
    html.style.overflow = "hidden";
    document.body.style.overflow = "hidden";
    return () => {
      html.style.overflow = previous.html;
      document.body.style.overflow = previous.body;
    };
  }, [open]);

  // On every panel change, focus the panel's first control, or the row that opened a sub-panel after Back.
  useEffect(() => {
    if (!open || !dialogRef.current) return;
    const dialog = dialogRef.current;
    if (panel === "main" && lastOpener.current) {
      dialog.querySelector<HTMLElement>(`[data-opens="${lastOpener.current}"]`)?.focus();
      lastOpener.current = null;
      return;
    }
    const target = dialog.querySelector<HTMLElement>(`[data-panel="${panel}"]`);
    (target ? focusableIn(target)[0] : undefined)?.focus();
  }, [open, panel]);

  const openPanel = (next: Panel) => {
    lastOpener.current = next;
    setPanel(next);
  };

  const navLink = (to: string, label: ReactNode, extra = "") => (
    <Link to={to} className={`${rowClass} ${extra}`} onClick={() => close(false)}>
      {label}
    </Link>
  );

  return (
    <div className="shrink-0 lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={menuButtonClass}
        data-menu-button=""
      >
        <Icon name="menu" className="h-5 w-5" strokeWidth={2.2} />
        Menu
      </button>
      {/* With scripts blocked the menu cannot open: "Menu" leads to the footer's links instead. */}
      <noscript>
        <a href={`#${SITE_LINKS_ID}`} className={menuButtonClass}>
          <Icon name="menu" className="h-5 w-5" strokeWidth={2.2} />
          Menu
        </a>
      </noscript>
      {open &&
        createPortal(
          <div
            id="mobile-menu"
            ref={dialogRef}
            role="dialog"
            aria-modal="true"
            aria-label="Site menu"
            className="fixed inset-0 z-[80] flex flex-col bg-white"
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                close();
              } else if (dialogRef.current) {
                trapTab(event, dialogRef.current);
              }
            }}
          >
            <div className="flex h-16 shrink-0 items-center justify-between border-b border-navy/10 px-5">
              <Logo onNavigate={() => close(false)} />
              <button
                type="button"
                onClick={() => close()}
                className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-navy/15 text-navy hover:bg-navy/5"
              >
                <Icon name="close" className="h-5 w-5" strokeWidth={2.2} />
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <div className="flex-1 overflow-y-auto overscroll-contain px-3 py-4">
              <nav aria-label="Mobile" data-panel="main" hidden={panel !== "main"}>
                <ul className="grid gap-1">
                  <li>{navLink(homeAnchorHref(homeAnchors.howToStart), "How to Start")}</li>
                  <li>
                    <button
                      type="button"
                      className={rowClass}
                      data-opens="services"
                      onClick={() => openPanel("services")}
                    >
                      Services
                      <Icon name="chevron-right" className="h-5 w-5 text-teal" />
                    </button>
                  </li>
                  <li>{navLink(homeAnchorHref(homeAnchors.trainer), "Trainer")}</li>
                  <li>
                    <button type="button" className={rowClass} data-opens="blog" onClick={() => openPanel("blog")}>
                      Blog articles
                      <Icon name="chevron-right" className="h-5 w-5 text-teal" />
                    </button>
                  </li>
                  <li>{navLink("/pricing", "Pricing")}</li>
                  <li>{navLink(homeAnchorHref(homeAnchors.faq), "FAQ")}</li>
                </ul>
                <div className="mt-6 px-4">
                  <Link
                    to={homeAnchorHref(homeAnchors.howToStart)}
                    onClick={() => close(false)}
                    className={buttonStyles({ className: "flex px-6" })}
                  >
                    Start your free intake
                  </Link>
                </div>
              </nav>
              <SubPanel name="services" title="Services" current={panel} onBack={() => setPanel("main")}>
                {serviceLinks.map((link) => (
                  <li key={link.to}>{navLink(link.to, link.label)}</li>
                ))}
              </SubPanel>
              <SubPanel name="blog" title="Blog articles" current={panel} onBack={() => setPanel("main")}>
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
                    </ul>
                  </li>
                ))}
              </SubPanel>
            </div>
          </div>,
          document.body,
        )}
    </div>
  );
}

function SubPanel({
  name,
  title,
  current,
  onBack,
  children,
}: {
  name: Panel;
  title: string;
  current: Panel;
  onBack: () => void;
  children: ReactNode;
}) {
  return (
    <nav aria-label={title} data-panel={name} hidden={current !== name}>
      <button
        type="button"
        onClick={onBack}
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
