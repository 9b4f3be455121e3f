import { site } from "#content/site";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { escapeHtml } from "~/infra/escape-html";
import type { PersonData } from "./data-requests.server";

const SECTIONS: [Exclude<keyof PersonData, "person">, string][] = [
  ["leads", "Questionnaire answers"],
  ["eventSignups", "Event signups"],
  ["leadEvents", "Timeline of the questionnaire leads"],
  ["bookings", "Booked calls"],
  ["subscribers", "Newsletter"],
  ["orders", "Orders"],
  ["payments", "Payments"],
  ["consentRecords", "Consent given"],
  ["newsletterDeliveries", "Newsletter issues sent"],
  ["messages", "E-mails and notices"],
];

/** "createdAt" → "Created at", "utmSource" → "Utm source". */
const words = (key: string) => {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

function cell(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (value instanceof Date) return escapeHtml(amsterdamDateTime(value, { seconds: true }));
  if (typeof value === "object")
    return `<ul>${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `<li>${escapeHtml(words(k))}: ${cell(v)}</li>`)
      .join("")}</ul>`;
  return escapeHtml(String(value)).replace(/\n/g, "<br>");
}

/**
 * A person's data request as a page anyone can read and print: every record, one section per kind,
 * one table per record with its fields in words and times in Amsterdam. The same records as the
 * JSON file, which stays the machine-readable copy (GDPR art. 20).
 */
export function personDataHtml(found: PersonData, exportedAt: Date): string {
  const sections = SECTIONS.map(([key, title]) => {
    const rows = found[key] as object[];
    const body = rows.length
      ? rows
          .map(
            (row, index) =>
              `<table><caption>${escapeHtml(title)} ${index + 1} of ${rows.length}</caption><tbody>${Object.entries(row)
                .map(
                  ([field, value]) =>
                    `<tr><th scope="row">${escapeHtml(words(field))}</th><td>${cell(value)}</td></tr>`,
                )
                .join("")}</tbody></table>`,
          )
          .join("\n")
      : "<p>None.</p>";
    return `<section><h2>${escapeHtml(title)} (${rows.length})</h2>\n${body}</section>`;
  }).join("\n");
  const email = escapeHtml(found.person);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Data held about ${email}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1a2238;max-width:60rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem;border-bottom:2px solid #1a2238}
table{border-collapse:collapse;width:100%;margin:1rem 0;break-inside:avoid}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid #c9ced8;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{width:14rem;background:#f3f5f8;font-weight:600}ul{margin:0;padding-left:1.1rem}
</style>
</head>
<body>
<h1>Data held about ${email}</h1>
<p>Every record ${escapeHtml(site.name)} holds about this e-mail address, as of ${escapeHtml(amsterdamDateTime(exportedAt, { seconds: true }))} (Amsterdam time).</p>
${sections}
</body>
</html>
`;
}
