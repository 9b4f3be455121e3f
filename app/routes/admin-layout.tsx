import { Link, Outlet, useMatches } from "react-router";
import { site } from "#content/site";
import { AdminBar, trainerEmailOf } from "~/features/back-office/ui";

/**
 * The back office's frame: its own header, navigation and the trainer's account. None of
 * the public site's chrome (header, footer, newsletter form, cookie bar, sticky bar):
 * the trainer works here, and no visitor tracking runs.
 */
export default function AdminLayout() {
  const email = trainerEmailOf(useMatches());
  return (
    <>
      <header className="bg-navy text-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-1 sm:px-6 sm:py-3">
          <p className="font-bold">
            {site.name} <span className="font-normal text-white/80">· Back office</span>
          </p>
          <Link to="/" className="inline-flex min-h-11 items-center rounded-full px-3 text-sm underline">
            View the site
          </Link>
        </div>
        {email ? <AdminBar email={email} /> : null}
      </header>
      <main id="main" className="flex-1 bg-slate-50">
        <Outlet />
      </main>
    </>
  );
}
