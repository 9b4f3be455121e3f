import type { Db } from "~/infra/db.server";
import { intakeLeadsByIds } from "~/features/leads/person.server";
import { paidOrdersPage, paymentsOf } from "~/features/checkout/person.server";
import { PAGE_SIZE } from "~/features/back-office/filters";
import type { Page } from "./data.server";
import { leadContactLinks } from "~/features/leads/contact.server";
import type { ContactLinks } from "~/features/leads/contact";
import { clientTerms } from "./clients";

export interface ClientRow {
  orderId: string;
  /** The intake lead whose timeline this order is on (linked, else the same e-mail); null without one. */
  leadId: string | null;
  name: string;
  email: string | null;
  planName: string;
  paymentsTotal: number;
  amountCents: number;
  currency: string;
  status: string;
  starts: string;
  ends: string;
  phase: "starting" | "running" | "ended";
  made: { count: number; cents: number };
  toCome: { count: number; cents: number; next: string | null };
  links: ContactLinks;
}

/**
 * Everyone with a paid order, newest order first: who they are (the lead who bought, or the newest
 * lead with the order's e-mail), their plan, its start and end, and the payments made and to come.
 */
export async function listClients(db: Db, page: number, now = new Date()): Promise<Page<ClientRow>> {
  const { rows, total } = await paidOrdersPage(db, { size: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const orderIds = rows.map((r) => r.order.id);
  const leadIds = [...new Set(rows.map((r) => r.leadId).filter((id): id is string => !!id))];
  const [paymentRows, leadRows] = await Promise.all([paymentsOf(db, orderIds), intakeLeadsByIds(db, leadIds)]);
  const leads = new Map(leadRows.map((l) => [l.id, l]));
  const iso = (d: Date) => d.toISOString();
  const clients = rows.map(({ order, leadId }): ClientRow => {
    const lead = leadId ? leads.get(leadId) : undefined;
    const terms = clientTerms({ ...order, payments: paymentRows.filter((p) => p.orderId === order.id) }, now);
    const email = lead?.email ?? order.customerEmail;
    return {
      orderId: order.id,
      leadId: lead?.id ?? null,
      name: (lead && [lead.firstName, lead.lastName].filter(Boolean).join(" ")) || lead?.name || email || "(no name)",
      email,
      planName: order.planName,
      paymentsTotal: order.paymentsTotal,
      amountCents: order.amountCents,
      currency: order.currency,
      status: order.status,
      starts: iso(terms.starts),
      ends: iso(terms.ends),
      phase: terms.phase,
      made: terms.made,
      toCome: { ...terms.toCome, next: terms.toCome.next ? iso(terms.toCome.next) : null },
      links: lead ? leadContactLinks(lead) : { whatsapp: null, call: null, email: email ? `mailto:${email}` : null },
    };
  });
  return { rows: clients, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}
