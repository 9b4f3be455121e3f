import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-offers";
import type { Duration } from "#content/types";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton, VersionHistory } from "~/features/back-office/ui";
import { OFFERS_KEY, publishOffers, restoreOffers, saveOfferPrices } from "~/features/checkout/offers-admin.server";
import { durationLabel, PRICE_RANGE_EURO, priceInputOf, type PriceInput } from "~/features/checkout/price-rules";
import { formatEuro } from "~/features/checkout/catalogue";
import { PricingPlans } from "~/features/checkout/pricing-plans";
import { endSale, SALE_KEY, startSale } from "~/features/checkout/sales.server";
import {
  describeSale,
  saleInputOf,
  salePriceLines,
  saleState,
  type SaleField,
  type SaleInput,
} from "~/features/checkout/sale-rules";
import { SaleEditor } from "~/features/back-office/sale-editor";
import { CodeEditor } from "~/features/back-office/code-editor";
import { codeAction, codesOnPrices, type CodeResult } from "~/features/checkout/codes-admin.server";
import { TextField } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Prices");
export const headers = forwardSessionHeaders;

const DURATIONS: Duration[] = ["1", "3", "6"];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { content } = ctx.services;
  const entry = await content.get("offers", OFFERS_KEY);
  if (!entry) throw data("The offers have not been seeded yet; restart the server.", { status: 503 });
  const versions = (await content.versions("offers", OFFERS_KEY)).slice(0, 15);
  // The sale is checked against the prices visitors see now, not the draft.
  const sale = (await content.get("sale", SALE_KEY))?.live ?? null;
  const live = entry.live ?? entry.draft;
  const now = new Date();
  return data(
    {
      email: trainer.user.email,
      codes: await codesOnPrices(ctx.services.database.db, live.plans, now),
      sale: {
        current: sale
          ? {
              state: saleState(sale, now),
              description: describeSale(sale, live.plans, now),
              prices: salePriceLines(sale, live.plans),
              endedEarly: sale.endedAt !== null && Date.parse(sale.endedAt) < Date.parse(sale.endsAt),
            }
          : null,
        plans: live.plans.filter((p) => p.monthlyPriceCents).map((p) => ({ id: p.id, name: p.name })),
        values: saleInputOf(sale, now),
      },
      draft: entry.draft,
      live: entry.live,
      unpublished: JSON.stringify(entry.draft) !== JSON.stringify(entry.live),
      publishedAt: entry.publishedAt?.toISOString() ?? null,
      versions: versions.map((v) => ({
        version: v.version,
        reason: v.reason,
        createdAt: v.createdAt.toISOString(),
        prices: v.data.plans
          .filter((p) => p.monthlyPriceCents)
          .map((p) => `${p.name} ${DURATIONS.map((d) => formatEuro(p.monthlyPriceCents?.[d] ?? 0)).join(" / ")}`)
          .join(" · "),
      })),
    },
    { headers: trainer.headers },
  );
}

type ActionResult =
  | { done: "saved" | "published" | "restored"; message: string; errors?: undefined; input?: undefined }
  | { done?: undefined; message: string; errors: Record<string, string>; input: PriceInput };

/** The sale form's answer, shown in its own section. */
type SaleResult = {
  sale: {
    tone: "success" | "error";
    message: string;
    at: "start" | "end";
    errors?: Partial<Record<SaleField, string>>;
    input?: SaleInput;
  };
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const fieldName = (planId: string, d: Duration) => `price.${planId}.${d}`;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const actor = { userId: trainer.user.id, ip: ctx.clientIp };
  const form = await request.formData();
  const intent = form.get("intent");
  const services = { content: ctx.services.content, payments: ctx.services.payments };
  if (intent === "sale-start") {
    const input: SaleInput = {
      kind: text(form, "saleKind"),
      value: text(form, "saleValue"),
      planIds: form.getAll("salePlans").filter((v): v is string => typeof v === "string"),
      starts: text(form, "saleStarts"),
      ends: text(form, "saleEnds"),
    };
    const started = await startSale(services, input, actor);
    if (!started.ok)
      return data<SaleResult>(
        {
          sale: {
            tone: "error",
            at: "start",
            message: "The sale has not started: fix what is marked above.",
            errors: started.errors,
            input,
          },
        },
        { status: 400, headers: trainer.headers },
      );
    const now = new Date();
    const upcoming = started.sale && saleState(started.sale, now) === "upcoming";
    return data<SaleResult>(
      {
        sale: {
          tone: "success",
          at: "start",
          message: upcoming
            ? "The sale is set. Visitors see it from its start, and the normal prices again after its end."
            : "The sale is on: visitors see the sale prices now, and the normal prices again after its end.",
        },
      },
      { headers: trainer.headers },
    );
  }
  if (typeof intent === "string" && intent.startsWith("code-")) {
    const answer = await codeAction({ content: ctx.services.content, database: ctx.services.database }, intent, form);
    if (!answer) throw data("Unknown code.", { status: 400 });
    return data<CodeResult>({ codeAnswer: answer.codeAnswer }, { status: answer.status, headers: trainer.headers });
  }
  if (intent === "sale-end") {
    const ended = await endSale(services, actor);
    const message = !ended.ended
      ? "There is no sale to end."
      : ended.was === "upcoming"
        ? "The sale is called off; visitors never saw it."
        : "The sale has ended. Visitors see the normal prices again.";
    return data<SaleResult>({ sale: { tone: "success", at: "end", message } }, { headers: trainer.headers });
  }
  try {
    if (intent === "save") {
      const input: PriceInput = {};
      for (const [name, value] of form) {
        const match = /^price\.([a-z]+)\.(1|3|6)$/.exec(name);
        if (match && typeof value === "string") (input[match[1] ?? ""] ??= {})[match[2] as Duration] = value;
      }
      const saved = await saveOfferPrices(services, input, actor);
      if (!saved.ok) {
        const errors = Object.fromEntries(saved.problems.map((p) => [fieldName(p.planId, p.duration), p.message]));
        return data<ActionResult>(
          { message: "Not saved: fix the prices marked below.", errors, input },
          { status: 400, headers: trainer.headers },
        );
      }
      return data<ActionResult>(
        { done: "saved", message: "Draft saved. Check the preview below, then publish." },
        { headers: trainer.headers },
      );
    }
    if (intent === "publish") {
      const stripe = await publishOffers(services, actor);
      const note = stripe.created.length
        ? ` Stripe: ${stripe.created.length} new price(s), ${stripe.archived.length} old one(s) archived.`
        : "";
      return data<ActionResult>(
        { done: "published", message: `The new prices are live.${note}` },
        { headers: trainer.headers },
      );
    }
    if (intent === "restore") {
      const version = Number(form.get("version"));
      if (!Number.isInteger(version) || version < 1) throw data("Unknown version.", { status: 400 });
      await restoreOffers(services, version, actor);
      return data<ActionResult>(
        { done: "restored", message: `Version ${version} is back and live.` },
        { headers: trainer.headers },
      );
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    ctx.services.logger.error({ err: error, intent }, "offers could not be changed");
    return data<ActionResult>(
      {
        message: "Nothing changed: the prices could not be published (is Stripe reachable?). Try again in a minute.",
        errors: {},
        input: {},
      },
      { status: 502, headers: trainer.headers },
    );
  }
  throw data("Unknown action.", { status: 400 });
}

export default function AdminOffers() {
  const { draft, unpublished, publishedAt, versions, sale, codes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const saleResult = answer && "sale" in answer ? answer.sale : null;
  const codeResult = answer && "codeAnswer" in answer ? answer.codeAnswer : null;
  const result = answer && !("sale" in answer) && !("codeAnswer" in answer) ? answer : undefined;
  const errors: Record<string, string> = result?.errors ?? {};
  const values: PriceInput = result?.input && Object.keys(result.input).length ? result.input : priceInputOf(draft);
  const purchasable = draft.plans.filter((p) => p.monthlyPriceCents);
  return (
    <AdminShell title="Prices">
      {result ? <Notice tone={result.done ? "success" : "error"}>{result.message}</Notice> : null}
      <SaleEditor
        current={sale.current}
        plans={sale.plans}
        values={saleResult?.input ?? sale.values}
        errors={saleResult?.errors ?? {}}
        result={saleResult ? { tone: saleResult.tone, message: saleResult.message, at: saleResult.at } : null}
      />
      <CodeEditor
        codes={codes.list}
        plans={codes.plans}
        values={codeResult?.input ?? codes.values}
        errors={codeResult?.errors ?? {}}
        result={codeResult ? { tone: codeResult.tone, message: codeResult.message, at: codeResult.at } : null}
      />
      <h2 className="mb-2 text-xl font-semibold text-navy">Plan prices</h2>
      <p className="mb-4 max-w-prose text-sm">
        Type each plan&apos;s price per month in euros (120 means €120). A price must lie between €
        {PRICE_RANGE_EURO.min} and €{PRICE_RANGE_EURO.max.toLocaleString("en-GB")}, and a longer commitment may never
        cost more per month than a shorter one. The savings shown to visitors are worked out from these prices.
        {publishedAt ? ` Live since ${formatDateTime(publishedAt)}.` : ""}
      </p>

      <Form method="post" className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-navy/10" noValidate>
        {purchasable.map((plan) => (
          <fieldset key={plan.id} className="grid gap-x-4 sm:grid-cols-3">
            <legend className="mb-2 text-lg font-semibold text-navy">{plan.name}</legend>
            {DURATIONS.map((d) => (
              <TextField
                key={d}
                id={`price-${plan.id}-${d}`}
                name={fieldName(plan.id, d)}
                label={`${durationLabel(d)}, € per month`}
                look="compact"
                inputMode="decimal"
                autoComplete="off"
                required
                defaultValue={values[plan.id]?.[d] ?? ""}
                error={errors[fieldName(plan.id, d)]}
              />
            ))}
          </fieldset>
        ))}
        <div>
          <SubmitButton name="intent" value="save" busyText="Saving…" variant="secondary">
            Save draft and preview
          </SubmitButton>
        </div>
      </Form>

      <section aria-labelledby="preview-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="preview-heading" className="text-xl font-semibold text-navy">
            Preview: the pricing cards with the draft prices
          </h2>
          <Form method="post">
            <SubmitButton name="intent" value="publish" busyText="Publishing…">
              {unpublished ? "Publish these prices" : "Publish again"}
            </SubmitButton>
          </Form>
        </div>
        <p className="mt-1 text-sm">
          {unpublished ? "The draft differs from what visitors see now." : "The draft is what visitors see now."}
        </p>
        <div className="mt-4 rounded-2xl bg-sand/40 p-4">
          <PricingPlans pricing={draft} preview />
        </div>
      </section>

      <VersionHistory versions={versions.map((v) => ({ ...v, summary: v.prices }))} />
    </AdminShell>
  );
}
