import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { TextField } from "~/ui/field";
import { AuthCard, SubmitButton } from "./ui";

/**
 * The code step, at sign-in and when a sensitive action asks for the code again: the 6-digit
 * code from the authenticator app, or one of the backup codes. At sign-in the trainer may mark the
 * device as hers (`offerTrust`), which keeps her signed in for 7 days.
 */
export function CodeForm({
  title,
  redirectTo,
  error,
  notice,
  offerTrust = false,
}: {
  title: string;
  redirectTo: string;
  error?: string;
  notice?: ReactNode;
  offerTrust?: boolean;
}) {
  const [method, setMethod] = useState<"totp" | "backup">("totp");
  return (
    <AuthCard
      title={title}
      intro={
        method === "totp"
          ? "Enter the 6-digit code from your authenticator app."
          : "Enter one of your backup codes. Each code works once."
      }
    >
      {notice}
      <Form method="post" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <input type="hidden" name="method" value={method} />
        {method === "totp" ? (
          <TextField
            id="totp-code"
            look="compact"
            key="totp"
            label="Authenticator code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={7}
            required
            autoFocus
            error={error}
          />
        ) : (
          <TextField
            id="backup-code"
            look="compact"
            key="backup"
            label="Backup code"
            name="code"
            autoComplete="off"
            required
            autoFocus
            error={error}
          />
        )}
        {offerTrust ? (
          <label className="mb-4 flex min-h-11 items-start gap-3 text-sm">
            <input type="checkbox" name="trust" value="yes" className="mt-1 size-5 shrink-0" />
            <span>
              <span className="font-medium">This is my own device: keep me signed in for 7 days.</span>
              <span className="block text-ink/80">
                Data requests, exports and security changes still ask for a code every 15 minutes.
              </span>
            </span>
          </label>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton busyText="Checking…">Verify</SubmitButton>
          <button
            type="button"
            className="min-h-11 text-sm font-medium text-teal-700 underline"
            onClick={() => setMethod(method === "totp" ? "backup" : "totp")}
          >
            {method === "totp" ? "Use a backup code instead" : "Use the authenticator app instead"}
          </button>
        </div>
      </Form>
    </AuthCard>
  );
}
