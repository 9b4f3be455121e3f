import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { BlogNavGroup } from "~/features/blog/navigation.server";
import { Icon } from "~/ui/icon";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { blogPostPath, homeAnchorHref, homeAnchors, serviceLinks } from "./navigation";

const topLink =
  "inline-flex h-10 items-center gap-1 rounded-full px-3 text-[0.95rem] font-medium text-ink hover:bg-navy/5 hover:text-teal-700";
const menuLink = "block rounded-lg px-3 py-2 text-[0.95rem] text-ink hover:bg-[#eef6f5] hover:text-teal-700";

export function SiteHeader({ blogNav }: { blogNav: BlogNavGroup[] }) {
  return (
    <header className="sticky top-0 z-50 h-16 border-b border-navy/10 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-full max-w-6xl items-center justify-between gap-3 px-4 sm:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <Link to={homeAnchorHref(homeAnchors.howToStart)} className={topLink}>
                How to Start
              </Link>
            </li>
            <li>
              <NavDropdown label="Services">
                <ul className="grid w-64 gap-0.5">
                  {serviceLinks.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={menuLink}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </NavDropdown>
            </li>
            <li>
              <Link to={homeAnchorHref(homeAnchors.trainer)} className={topLink}>
                Trainer
              </Link>
            </li>
            <li>
              <NavDropdown label="Blog" wide={blogNav.length > 1}>
                <BlogMenu groups={blogNav} />
              </NavDropdown>
            </li>
            <li>
              <Link to="/pricing" className={topLink}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to={homeAnchorHref(homeAnchors.faq)} className={topLink}>
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
        <MobileMenu blogNav={blogNav} />
      </div>
    </header>
  );
}

function BlogMenu({ groups }: { groups: BlogNavGroup[] }) {
  return (
    <div className="grid gap-3">
      <Link to="/blog" className={`${menuLink} font-semibold text-navy`}>
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
                    <Link to={blogPostPath(post.slug)} className={`${menuLink} text-sm`}>
                      {post.title}
                    </Link>
                  </li>
                ))}
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
 * Disclosure dropdown: click or Enter/Space toggles, pointer hover opens,
 * ArrowDown opens and focuses the first link, Escape closes and returns focus,
 * leaving it with Tab or a click elsewhere closes it.
 */
function NavDropdown({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const focusFirstLink = () =>
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLAnchorElement>(`[id="${CSS.escape(panelId)}"] a`)?.focus(),
    );

  return (
    <div
      ref={rootRef}
      className="relative"
      data-nav-dropdown=""
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse" || open) return;
        openedByHover.current = true;
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse" && openedByHover.current) {
          openedByHover.current = false;
          setOpen(false);
        }
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={`${topLink} ${open ? "bg-navy/5 text-teal-700" : ""}`}
        onClick={() => {
          if (openedByHover.current) {
            // The pointer already opened it; the click confirms rather than closes.
            openedByHover.current = false;
            return;
          }
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            focusFirstLink();
          }
        }}
      >
        {label}
        <Icon
          name="chevron-down"
          className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`}
          strokeWidth={2.2}
        />
      </button>
      {/* Closed by a class, not the hidden attribute, so that with scripts blocked the style in
          SiteHeader can open it on hover and keyboard focus. */}
      <div
        id={panelId}
        data-nav-panel=""
        className={`absolute left-1/2 top-full -translate-x-1/2 pt-2 ${wide ? "w-[36rem]" : ""} ${open ? "" : "hidden"}`}
      >
        <div className="rounded-2xl border border-navy/10 bg-white p-3 shadow-xl shadow-navy/15">{children}</div>
      </div>
    </div>
  );
}
