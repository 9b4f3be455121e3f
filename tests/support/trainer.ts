import * as OTPAuth from "otpauth";
import type { RequestContext } from "~/context";
import { createTrainerAccount } from "~/features/auth/accounts.server";
import { confirmEnrolment, signInWithPassword, startEnrolment } from "~/features/auth/flows.server";
import { getTrainerSession } from "~/features/auth/guard.server";

export const TRAINER_PASSWORD = "correct-horse-battery-staple";

/** Minimal cookie jar: what a browser would send back after each response. */
export class Jar {
  private cookies = new Map<string, string>();
  constructor(readonly site: string) {}
  take(headers: Headers | undefined) {
    for (const line of headers?.getSetCookie() ?? []) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  request(pathname: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", this.header());
    headers.set("origin", new URL(this.site).origin);
    headers.set("user-agent", "integration-test");
    return new Request(`${this.site}${pathname}`, { method: init.method ?? "POST", headers, body: init.body });
  }
}

export const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** A trainer account with an authenticator enrolled, and a jar holding its aal2 session. */
export async function enrolledTrainer(ctx: RequestContext, site: string, email: string) {
  await createTrainerAccount(ctx.services.auth, { email, password: TRAINER_PASSWORD, name: "Mila" });
  const jar = new Jar(site);
  const signedIn = await signInWithPassword(jar.request("/admin/login"), ctx, { email, password: TRAINER_PASSWORD });
  if (!signedIn.ok) throw new Error(signedIn.message);
  jar.take(signedIn.headers);
  const trainer = await getTrainerSession(jar.request("/admin/security", { method: "GET" }), ctx);
  if (!trainer) throw new Error("no session after sign-in");
  const started = await startEnrolment(jar.request("/admin/security"), ctx, TRAINER_PASSWORD);
  if (!started.ok) throw new Error(started.message);
  const confirmed = await confirmEnrolment(jar.request("/admin/security"), ctx, trainer, totp(started.secret));
  if (!confirmed.ok) throw new Error(confirmed.message);
  jar.take(confirmed.headers);
  return { email, secret: started.secret, jar };
}
