import { Link, Outlet, useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin-layout";
import { site } from "#content/site";
import { requireServices } from "~/context";
import { getTrainerSession, sameOriginWrites } from "~/features/auth/guard.server";
import { AdminBar } from "~/features/back-office/ui";

/** Every form and upload under the back office comes from the back office itself (403 otherwise). */
export const middleware: Route.MiddlewareFunction[] = [sameOriginWrites(requireServices)];

/**
 * The bar for every signed-in page, from one place: the trainer's address when her session is
 * complete (the second factor checked, or not yet enrolled, where the Security page is open to
 * her), else null (sign-in, code and reset pages). Each page's loader still checks the session
 * for what it shows; this one only decides whether the menu is drawn.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await getTrainerSession(request, ctx);
  const signedIn = trainer !== null && (!trainer.user.twoFactorEnabled || trainer.session.aal === "aal2");
  return { email: signedIn ? trainer.user.email : null };
}

/** Pages where the session is being made or checked again: the bar is read afresh going to or from them. */
const SIGN_IN_PAGES = /^\/admin\/(login|verify|confirm|forgot-password|reset-password)(\/|$)/;

/**
 * Moving between pages does not change who is signed in: the session is read again only after a
 * form was sent (signing in, the code, signing out) or on the way to or from a sign-in page (a
 * page whose session ran out sends her there).
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (SIGN_IN_PAGES.test(currentUrl.pathname) || SIGN_IN_PAGES.test(nextUrl.pathname)) return true;
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

/**
 * The back office's frame: its own header, navigation and the trainer's account. None of
 * the public site's chrome (header, footer, newsletter form, cookie bar, sticky bar):
 * the trainer works here, and no visitor tracking runs.
 */
export default function AdminLayout() {
  const { email } = useLoaderData<typeof loader>();
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
