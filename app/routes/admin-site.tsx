import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-site";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton, VersionHistory } from "~/features/back-office/ui";
import { restoreSiteContent, saveSiteFacts } from "~/features/site/site-content-admin.server";
import { SITE_CONTENT_KEY } from "~/features/site/site-content.server";
import type { SiteFacts } from "~/features/site/site-content-schemas";
import { TextField } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Contact and business details");
export const headers = forwardSessionHeaders;

/** Empty social rows offered under the existing ones, for adding a network. */
const SPARE_SOCIAL_ROWS = 2;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { content } = ctx.services;
  const entry = await content.get("site", SITE_CONTENT_KEY);
  if (!entry) throw data("The site facts have not been seeded yet; restart the server.", { status: 503 });
  const versions = (await content.versions("site", SITE_CONTENT_KEY)).slice(0, 15);
  return data(
    {
      facts: entry.draft,
      publishedAt: entry.publishedAt?.toISOString() ?? null,
      versions: versions.map((v) => ({
        version: v.version,
        reason: v.reason,
        createdAt: v.createdAt.toISOString(),
        summary: `${v.data.contactEmail} · ${v.data.registrationNumber} · ${v.data.address.city}`,
      })),
    },
    { headers: trainer.headers },
  );
}

type Input = Omit<SiteFacts, "social"> & { social: { label: string; href: string }[] };

/** The form's fields as typed, blank social rows left out (and remembered for the error messages). */
function readForm(form: FormData): { input: Input; rows: number[] } {
  const text = (name: string) => String(form.get(name) ?? "");
  const social: Input["social"] = [];
  const rows: number[] = [];
  for (let i = 0; form.has(`social.${i}.label`); i++) {
    const row = { label: text(`social.${i}.label`).trim(), href: text(`social.${i}.href`).trim() };
    if (!row.label && !row.href) continue;
    social.push(row);
    rows.push(i);
  }
  return {
    input: {
      contactEmail: text("contactEmail"),
      messagingUrl: text("messagingUrl"),
      bookingUrl: text("bookingUrl"),
      registrationNumber: text("registrationNumber"),
      vatNumber: text("vatNumber"),
      address: { city: text("city"), country: text("country") },
      social,
    },
    rows,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const actor = { userId: trainer.user.id, ip: ctx.clientIp };
  const form = await request.formData();
  if (form.get("intent") === "restore") {
    const version = Number(form.get("version"));
    if (!Number.isInteger(version) || version < 1) throw data("Unknown version.", { status: 400 });
    const result = await restoreSiteContent(ctx.services, "site", version, actor);
    return data({ ...result, errors: {}, input: null }, { headers: trainer.headers });
  }
  const { input, rows } = readForm(form);
  const result = await saveSiteFacts(ctx.services, input, actor);
  if (result.ok) return data({ ...result, errors: {}, input: null }, { headers: trainer.headers });
  // A social row's error is shown on the row the trainer typed it in.
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([path, message]) => {
      const social = /^social\.(\d+)\.(label|href)$/.exec(path);
      if (social) return [`social.${rows[Number(social[1])] ?? 0}.${social[2]}`, message];
      return [path === "address.city" ? "city" : path === "address.country" ? "country" : path, message];
    }),
  );
  return data({ ...result, errors, input }, { status: 400, headers: trainer.headers });
}

export default function AdminSite() {
  const { facts, publishedAt, versions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values: Input = result?.input ?? facts;
  const errors: Record<string, string> = result?.errors ?? {};
  const social = [...values.social, ...Array.from({ length: SPARE_SOCIAL_ROWS }, () => ({ label: "", href: "" }))];
  const field = (name: string, label: string, value: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      id={`site-${name}`}
      name={name}
      label={label}
      look="compact"
      autoComplete="off"
      defaultValue={value}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <AdminShell title="Contact and business details">
      {result ? <Notice tone={result.ok ? "success" : "error"}>{result.message}</Notice> : null}
      <p className="mb-4 max-w-prose text-sm">
        These details appear in the footer of every page, on the privacy notice, the terms and the withdrawal page, in
        search engines&apos; business card and in the order e-mail. They are checked before they go live.
        {publishedAt ? ` Live since ${formatDateTime(publishedAt)}.` : ""}
      </p>
      <Form method="post" className="grid gap-2 rounded-2xl bg-white p-5 ring-1 ring-navy/10" noValidate>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">How people reach you</legend>
          {field("contactEmail", "Contact e-mail address", values.contactEmail, { type: "email", inputMode: "email" })}
          {field("messagingUrl", "WhatsApp or messaging link", values.messagingUrl, {
            type: "url",
            hint: "The full link, starting with https:// (e.g. https://wa.me/31612345678).",
          })}
          {field("bookingUrl", "Booking link for the free intake", values.bookingUrl, { type: "url" })}
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">Business registration</legend>
          {field("registrationNumber", "KvK number", values.registrationNumber.replace(/^KvK\s*/i, ""), {
            inputMode: "numeric",
            hint: "8 digits.",
          })}
          {field("vatNumber", "VAT number", values.vatNumber, { hint: "NL, 9 digits, B and 2 digits." })}
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field("city", "City", values.address.city, { error: errors.city })}
            {field("country", "Country", values.address.country, { error: errors.country })}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-lg font-semibold text-navy">Social links</legend>
          <p className="mb-2 text-sm">Leave both boxes of a row empty to remove that link.</p>
          {social.map((link, i) => (
            <div key={i} className="grid gap-x-4 sm:grid-cols-[12rem_1fr]">
              {field(`social.${i}.label`, `Network ${i + 1}`, link.label)}
              {field(`social.${i}.href`, `Link ${i + 1}`, link.href, { type: "url" })}
            </div>
          ))}
        </fieldset>
        <div>
          <SubmitButton name="intent" value="save" busyText="Saving…">
            Save and publish
          </SubmitButton>
        </div>
      </Form>
      <VersionHistory versions={versions} />
    </AdminShell>
  );
}
