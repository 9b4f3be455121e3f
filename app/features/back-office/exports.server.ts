import { desc, eq } from "drizzle-orm";
import { newsletterSubscribers, orders, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { CSV_BOM, csvRow } from "./csv";
import { allLeads } from "./data.server";
import type { LeadFilters } from "./filters";
import { EVENT_FORM, readableAnswers } from "./labels";

export const EXPORT_LISTS = ["leads", "event-signups", "subscribers", "orders"] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

const encoder = new TextEncoder();

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

/** The CSV body of one list; leads honour the dashboard's filters. */
export function exportCsv(db: Db, list: ExportList, filters: Omit<LeadFilters, "page">): ReadableStream<Uint8Array> {
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
      ]);
      for await (const rows of allLeads(db, filters, BATCH)) {
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
          ]);
        }
        yield text;
      }
      return;
    }
    if (list === "event-signups") {
      yield csvRow(["Date", "Name", "Phone", "Source page"]);
      for await (const rows of pagedRows((offset) =>
        db
          .select()
          .from(signups)
          .where(eq(signups.formName, EVENT_FORM))
          .orderBy(desc(signups.createdAt), desc(signups.id))
          .limit(BATCH)
          .offset(offset),
      )) {
        yield rows.map((r) => csvRow([r.createdAt, r.name, r.phone, r.sourceUrl])).join("");
      }
      return;
    }
    if (list === "subscribers") {
      yield csvRow(["Date", "E-mail", "Status", "Source", "Confirmed", "Unsubscribed"]);
      for await (const rows of pagedRows((offset) =>
        db
          .select()
          .from(newsletterSubscribers)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(BATCH)
          .offset(offset),
      )) {
        yield rows
          .map((r) => csvRow([r.createdAt, r.email, r.status, r.source, r.confirmedAt, r.unsubscribedAt]))
          .join("");
      }
      return;
    }
    yield csvRow([
      "Date",
      "Plan",
      "Billing",
      "Amount per payment",
      "Currency",
      "Payments made",
      "Payments total",
      "Status",
      "Provider",
      "Customer e-mail",
    ]);
    for await (const rows of pagedRows((offset) =>
      db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(BATCH).offset(offset),
    )) {
      yield rows
        .map((r) =>
          csvRow([
            r.createdAt,
            r.planName,
            r.billingType,
            (r.amountCents / 100).toFixed(2),
            r.currency.toUpperCase(),
            r.paymentsMade,
            r.paymentsTotal,
            r.status,
            r.provider,
            r.customerEmail,
          ]),
        )
        .join("");
    }
  });
}
