import type { ReactNode } from "react";
import { data, Form, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/admin-security";
import { TextField } from "~/ui/field";
import { describeDevice } from "~/features/back-office/labels";
import { BackupCodeList } from "~/features/auth/backup-code-list";
import { PushSettings } from "~/features/back-office/push-settings";
import { requireServices } from "~/context";
import { forwardSessionHeaders, signedInTrainer, stepUp, trainerOf } from "~/features/auth/guard.server";
import { listTrainerSessions, pendingEnrolment } from "~/features/auth/flows.server";
import { securityAction, type SecurityActionResult } from "~/features/auth/security-actions.server";
import {
  AdminShell,
  adminMeta,
  formatDateTime,
  NewPasswordFields,
  Notice,
  SubmitButton,
} from "~/features/back-office/ui";

/**
 * Open before the second factor is set up (it is set up here), so outside the signed-in layout;
 * a change to the account needs the code from the last 15 minutes.
 */
export const middleware: Route.MiddlewareFunction[] = [
  signedInTrainer(requireServices, { allowWithoutFactor: true }),
  stepUp({ writesOnly: true }),
];

export const meta: Route.MetaFunction = () => adminMeta("Security");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const sessions = await listTrainerSessions(request, ctx, trainer);
  const { push } = ctx.services;
  const pushDevices = trainer.user.twoFactorEnabled ? await push.devices(trainer.user.id) : [];
  return data(
    {
      email: trainer.user.email,
      factorEnabled: trainer.user.twoFactorEnabled,
      pending: trainer.user.twoFactorEnabled ? null : await pendingEnrolment(ctx, trainer),
      push: {
        publicKey: push.publicKey,
        devices: pushDevices.map((d) => ({
          ...d,
          createdAt: d.createdAt.toISOString(),
          lastSentAt: d.lastSentAt?.toISOString() ?? null,
        })),
      },
      sessions: sessions.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      })),
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  return securityAction(request, ctx, trainer, await request.formData());
}

/** One button posting to /admin/sign-out; the hidden field carries the scope without JavaScript too. */
function SignOutForm({
  scope,
  variant = "secondary",
  children,
}: {
  scope: "local" | "others" | "global";
  variant?: "secondary" | "danger";
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/admin/sign-out">
      <input type="hidden" name="scope" value={scope} />
      <SubmitButton variant={variant} name="scope" value={scope}>
        {children}
      </SubmitButton>
    </Form>
  );
}

export default function AdminSecurity() {
  const { email, factorEnabled, pending: enrolment, push, sessions } = useLoaderData<typeof loader>();
  const result = useActionData<SecurityActionResult>();
  const [params] = useSearchParams();
  const errors = result?.errors ?? {};
  /** The errors of one form of this page: each form shows only its own. */
  const errorsOf = (intent: SecurityActionResult["intent"]): Record<string, string | undefined> =>
    result?.intent === intent ? errors : {};

  return (
    <AdminShell title="Security">
      {params.get("enrol") && !factorEnabled ? (
        <Notice>Set up two-factor sign-in first: the dashboard opens once your authenticator app is linked.</Notice>
      ) : null}
      {params.get("removed") ? (
        <Notice tone="success">Two-factor sign-in is off. Set it up again to open the dashboard.</Notice>
      ) : null}
      {params.get("signedOut") === "others" ? <Notice tone="success">Every other device is signed out.</Notice> : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="factor-heading" className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">
          <h2 id="factor-heading" className="text-xl font-semibold text-navy">
            Two-factor sign-in
          </h2>
          {factorEnabled ? (
            <>
              <p className="mt-2">
                <strong>On.</strong> Every sign-in asks for a code from your authenticator app (or a backup code).
              </p>
              <Form method="post" className="mt-4" noValidate>
                <input type="hidden" name="intent" value="remove-factor" />
                <TextField
                  id="remove-factor-password"
                  look="compact"
                  label="Password (to turn two-factor sign-in off)"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  error={errorsOf("remove-factor").password}
                />
                <SubmitButton variant="danger" name="intent" value="remove-factor">
                  Turn off two-factor sign-in
                </SubmitButton>
              </Form>
            </>
          ) : enrolment ? (
            <Form method="post" className="mt-4" noValidate>
              <input type="hidden" name="intent" value="enrol-confirm" />
              <ol className="list-decimal space-y-4 pl-5">
                <li>
                  Scan this QR code with your authenticator app.
                  <img
                    src={enrolment.qrDataUrl}
                    alt="QR code for your authenticator app"
                    width={200}
                    height={200}
                    className="mt-2 rounded bg-white"
                  />
                  <p className="mt-2 text-sm">
                    Can't scan it? Enter this key:{" "}
                    <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono">
                      {enrolment.secret}
                    </code>
                  </p>
                </li>
                <li>
                  Keep these backup codes somewhere safe. Each works once if your phone is not at hand.
                  <BackupCodeList codes={enrolment.backupCodes} account={email} />
                </li>
                <li>
                  <TextField
                    id="enrol-code"
                    look="compact"
                    label="Code from the app"
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={7}
                    error={errors.code}
                  />
                </li>
              </ol>
              <SubmitButton busyText="Checking…">Turn on two-factor sign-in</SubmitButton>
            </Form>
          ) : (
            <Form method="post" className="mt-4" noValidate>
              <p className="mb-4">
                Link an authenticator app (such as Google Authenticator, 1Password or Aegis). Confirm your password to
                start.
              </p>
              <input type="hidden" name="intent" value="enrol-start" />
              <TextField
                id="enrol-password"
                look="compact"
                label="Password to confirm"
                name="password"
                type="password"
                autoComplete="current-password"
                error={errorsOf("enrol-start").password}
              />
              <SubmitButton busyText="Preparing…">Set up two-factor sign-in</SubmitButton>
            </Form>
          )}
        </section>

        <section aria-labelledby="password-heading" className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">
          <h2 id="password-heading" className="text-xl font-semibold text-navy">
            Password
          </h2>
          {result?.intent === "change-password" && result.done ? (
            <Notice tone="success">Password changed. Other devices were signed out.</Notice>
          ) : null}
          {errorsOf("change-password").form ? <Notice tone="error">{errors.form}</Notice> : null}
          <Form method="post" className="mt-4" noValidate>
            <input type="hidden" name="intent" value="change-password" />
            <TextField
              id="current-password"
              look="compact"
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              error={errorsOf("change-password").currentPassword}
            />
            <NewPasswordFields errors={errorsOf("change-password")} />
            <SubmitButton variant="secondary" name="intent" value="change-password">
              Change password
            </SubmitButton>
          </Form>
        </section>
      </div>

      {factorEnabled ? (
        <section aria-labelledby="push-heading" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-navy/10">
          <h2 id="push-heading" className="mb-2 text-xl font-semibold text-navy">
            Notifications
          </h2>
          <PushSettings publicKey={push.publicKey} devices={push.devices} />
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-navy/10">
        <h2 id="sessions-heading" className="text-xl font-semibold text-navy">
          Signed-in devices
        </h2>
        {/* Focusable so keyboard users can scroll the table on narrow screens. */}
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="sessions-heading">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-navy/10">
                <th scope="col" className="py-2 pr-4">
                  Device
                </th>
                <th scope="col" className="py-2 pr-4">
                  Address
                </th>
                <th scope="col" className="py-2 pr-4">
                  Signed in
                </th>
                <th scope="col" className="py-2 pr-4">
                  Ends unless renewed
                </th>
                <th scope="col" className="py-2">
                  Two-factor
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-b border-navy/5">
                  <td className="py-2 pr-4">
                    {describeDevice(s.userAgent)} {s.current ? <strong>(this device)</strong> : null}
                  </td>
                  <td className="py-2 pr-4">{s.ipAddress ?? "unknown"}</td>
                  <td className="py-2 pr-4">{formatDateTime(s.createdAt)}</td>
                  <td className="py-2 pr-4">{formatDateTime(s.expiresAt)}</td>
                  <td className="py-2">{s.aal === "aal2" ? "Verified" : "Password only"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <SignOutForm scope="local">Sign out of this device</SignOutForm>
          <SignOutForm scope="others">Sign out of other devices</SignOutForm>
          <SignOutForm scope="global" variant="danger">
            Sign out everywhere
          </SignOutForm>
        </div>
      </section>
    </AdminShell>
  );
}
