import { Link } from "react-router";
import { site } from "../../../content/site";

export function SiteFooter() {
  return (
    <footer className="bg-navy text-white">
      <div className="mx-auto max-w-6xl px-4 py-10 text-sm">
        <p className="font-semibold">{site.name}</p>
        <p>{site.footerRegistrationNumber}</p>
        <p><a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a></p>
        <p><Link to="/privacy-policy">Privacy Policy</Link> · <Link to="/sitemap">Sitemap</Link></p>
      </div>
    </footer>
  );
}
