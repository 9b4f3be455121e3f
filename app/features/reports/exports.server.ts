import { eventSignupsBatch } from "~/features/leads/person.server";
import { ordersBatch } from "~/features/checkout/person.server";
import { subscriberRows } from "~/features/newsletter/subscribers.server";
import type { SubscriberFilter } from "~/features/newsletter/subscriber-filters";
import type { Db } from "~/infra/db.server";
import { sourceLabel, type FirstTouch } from "~/infra/first-touch";
import { CSV_BOM, csvRow } from "./csv";
import { allLeads } from "./data.server";
import type { LeadFilters } from "~/features/back-office/filters";
import { readableAnswers } from "~/features/back-office/labels";
import {
  bySubject,
  CONFIRMATION_HEADERS,
  CONSENT_HEADERS,
  confirmationCells,
  consentCells,
  consentsOf,
} from "~/features/back-office/consent.server";

export const EXPORT_LISTS = ["leads", "event-signups", "subscribers", "orders"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

const encoder = new TextEncoder();

/** The first-party source columns (README: "Where leads come from"), the same in every list. */
const FIRST_TOUCH_HEADERS = [
  "Source",
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "UTM term",
  "UTM content",
  "Referring site",
  "Landing page",
  "First visit",
];

function firstTouchCells(touch: FirstTouch | null): (string | null)[] {
  return [
    sourceLabel(touch),
    touch?.utmSource ?? null,
    touch?.utmMedium ?? null,
    touch?.utmCampaign ?? null,
    touch?.utmTerm ?? null,
    touch?.utmContent ?? null,
    touch?.referrer ?? null,
    touch?.landingPath ?? null,
    touch?.firstSeen ?? null,
  ];
}

function stream(chunks: () => AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const iterator = chunks();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

const BATCH = 1000;

async function* pagedRows<T>(load: (offset: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await load(offset);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
  }
}

/** The CSV body of one list; leads honour the dashboard's filters, subscribers the list's. */
export function exportCsv(
  db: Db,
  list: ExportList,
  filters: Omit<LeadFilters, "page">,
  subscriberFilter: SubscriberFilter = {},
): ReadableStream<Uint8Array> {
  return stream(async function* () {
    yield CSV_BOM;
    if (list === "leads") {
      yield csvRow([
        "Date",
        "First name",
        "Last name",
        "E-mail",
        "Phone",
        "Goal",
        "Sport / exercise",
        "Competition goal",
        "Gender",
        "Age",
        "Message",
        "Status",
        "Note",
        "Source page",
        ...FIRST_TOUCH_HEADERS,
        ...CONSENT_HEADERS,
      ]);
      for await (const rows of allLeads(db, filters, BATCH)) {
        const consents = bySubject(await consentsOf(db, { signupIds: rows.map((r) => r.id) }));
        let text = "";
        for (const r of rows) {
          const answers = Object.fromEntries(readableAnswers(r.answers).map((a) => [a.question, a.answer]));
          text += csvRow([
            r.createdAt,
            r.firstName,
            r.lastName,
            r.email,
            r.phone,
            answers["Goal"],
            answers["Sport"] ?? answers["Exercise now"],
            answers["Competition goal"],
            answers["Gender"],
            answers["Age"],
            r.message,
            r.status,
            r.note,
            r.sourceUrl,
            ...firstTouchCells(r.firstTouch),
            ...consentCells(consents.get(r.id)),
          ]);
        }
        yield text;
      }
      return;
    }
    if (list === "event-signups") {
      yield csvRow([
        "Date",
        "Name",
        "Phone",
        "Event",
        "Place or waiting list",
        "Source page",
        ...FIRST_TOUCH_HEADERS,
        ...CONSENT_HEADERS,
      ]);
      for await (const rows of pagedRows((offset) => eventSignupsBatch(db, BATCH, offset))) {
        const consents = bySubject(await consentsOf(db, { signupIds: rows.map((r) => r.id) }));
        yield rows
          .map((r) =>
            csvRow([
              r.createdAt,
              r.name,
              r.phone,
              r.eventKey,
              r.status === "cancelled" ? "cancelled" : r.waitlisted ? "waiting list" : "place",
              r.sourceUrl,
              ...firstTouchCells(r.firstTouch),
              ...consentCells(consents.get(r.id)),
            ]),
          )
          .join("");
      }
      return;
    }
    if (list === "subscribers") {
      yield csvRow([
        "Date",
        "E-mail",
        "Name",
        "State",
        "Signed up from",
        "Tags",
        "Confirmed",
        "Unsubscribed",
        "Suppressed",
        "Suppressed because",
        "Suppression lifted",
        "Lift note",
        "Consent ground",
        "Consent note",
        ...FIRST_TOUCH_HEADERS,
        ...CONSENT_HEADERS,
        ...CONFIRMATION_HEADERS,
      ]);
      // The list's filter and rows (newsletter's subscriberRows): the same people as on the screen.
      for await (const rows of pagedRows((offset) => subscriberRows(db, subscriberFilter, BATCH, offset))) {
        const consents = bySubject(await consentsOf(db, { subscriberIds: rows.map((r) => r.id) }));
        yield rows
          .map((r) =>
            csvRow([
              r.createdAt,
              r.email,
              r.name,
              r.state,
              r.source,
              r.tags.join("; "),
              r.confirmedAt,
              r.unsubscribedAt,
              r.suppressedAt,
              r.suppressedReason,
              r.suppressionLiftedAt,
              r.suppressionLiftNote,
              r.consentGround ?? "form",
              r.consentNote,
              ...firstTouchCells(r.firstTouch),
              ...consentCells(consents.get(r.id)),
              ...confirmationCells(consents.get(r.id)),
            ]),
          )
          .join("");
      }
      return;
    }
    yield csvRow([
      "Date",
      "Plan",
      "Billing",
      "Amount per payment",
      "Sale",
      "Discount code",
      "Normal amount per payment",
      "Currency",
      "Payments made",
      "Payments total",
      "Status",
      "Provider",
      "Customer e-mail",
      "Lead id",
      ...FIRST_TOUCH_HEADERS,
    ]);
    for await (const rows of pagedRows((offset) => ordersBatch(db, BATCH, offset))) {
      yield rows
        .map((r) =>
          csvRow([
            r.createdAt,
            r.planName,
            r.billingType,
            (r.amountCents / 100).toFixed(2),
            r.discount?.label ?? "",
            r.code ? `${r.code.code} (${r.code.label})` : "",
            // The price before any discount: the sale keeps it, else the code (bought without a sale).
            r.discount
              ? (r.discount.listAmountCents / 100).toFixed(2)
              : r.code
                ? (r.code.beforeCents / 100).toFixed(2)
                : "",
            r.currency.toUpperCase(),
            r.paymentsMade,
            r.paymentsTotal,
            r.status,
            r.provider,
            r.customerEmail,
            r.leadId,
            ...firstTouchCells(r.firstTouch),
          ]),
        )
        .join("");
    }
  });
}
