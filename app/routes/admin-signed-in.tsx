import { Outlet } from "react-router";
import type { Route } from "./+types/admin-signed-in";
import { requireServices } from "~/context";
import { signedInTrainer } from "~/features/auth/guard.server";

/**
 * Every back-office page and download behind the sign-in: the session is checked once, here, before
 * any of their loaders or actions runs; they read the trainer with trainerOf(context).
 */
export const middleware: Route.MiddlewareFunction[] = [signedInTrainer(requireServices)];

export default function AdminSignedIn() {
  return <Outlet />;
}
