import { Link } from "react-router";
import { site } from "../../../content/site";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-50 h-16 border-b border-navy/10 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-6xl items-center justify-between px-4">
        <Link to="/" className="font-bold text-navy">
          {site.name}
        </Link>
        <ul className="flex gap-4 text-sm">
          <li><Link to="/services">Services</Link></li>
          <li><Link to="/blog">Blog</Link></li>
          <li><Link to="/pricing">Pricing</Link></li>
        </ul>
      </nav>
    </header>
  );
}
