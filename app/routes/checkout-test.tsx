import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout-test";
import { checkout as copy } from "#content/checkout";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { requireServices } from "~/context";
import { guardForm } from "~/infra/form-guard.server";
import { formatEuro, paymentSummary } from "~/features/checkout/catalogue";
import { saleLine } from "~/features/checkout/sale-rules";
import { codeLine } from "~/features/checkout/code-rules";
import type { TestPaymentErrors } from "~/features/checkout/checkout-schema";
import {
  cancelTestOrder,
  codeEmailOfOrder,
  findTestOrder,
  payTestOrder,
} from "~/features/checkout/test-checkout-actions.server";
import { subscriberIdByEmail } from "~/features/newsletter/person.server";
import { Button } from "~/ui/button";
import { Honeypot, TextField } from "~/ui/field";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  return seoMeta({
    title: copy.testCheckout.title,
    description: copy.testCheckout.explanation,
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
};

export function headers() {
  return { "Cache-Control": "no-store" };
}

const PAID = new Set(["paid", "active", "completed"]);

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  // With Stripe configured the test checkout does not exist at all.
  if (services.payments.kind !== "test") throw data(null, { status: 404 });
  const order = await findTestOrder(services.database.db, params.id);
  if (!order || order.status !== "pending") {
    if (order && PAID.has(order.status)) throw redirect(`/success?session_id=${encodeURIComponent(params.id)}`);
    return data({ order: null }, { status: 404 });
  }
  return {
    order: {
      planName: order.planName,
      months: order.paymentsTotal,
      amountCents: order.amountCents,
      summary: paymentSummary({
        payments: order.paymentsTotal,
        amountCents: order.amountCents,
        totalCents: order.amountCents * order.paymentsTotal,
      }),
      sale: order.discount ? saleLine(order.discount, order.paymentsTotal) : null,
      code: order.code ? codeLine(order.code, order.paymentsTotal) : null,
      codeEmail: await codeEmailOfOrder(services.database.db, order.id),
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const { services } = ctx;
  if (services.payments.kind !== "test") throw data(null, { status: 404 });
  const guard = await guardForm(request, ctx, { form: "test-checkout", accept: ["form"] });
  if (!guard.ok) {
    const error =
      guard.problem === "rate-limited"
        ? "Too many attempts. Please wait a minute and try again."
        : // A filled honeypot is a bot: answer as if the card were refused.
          "The payment could not be completed.";
    return data(
      { errors: { form: error } as TestPaymentErrors },
      { status: guard.problem === "rate-limited" ? 429 : 400 },
    );
  }
  const db = services.database.db;
  const order = await findTestOrder(db, params.id);
  if (!order || order.status !== "pending")
    return data({ errors: { form: copy.testCheckout.notFound } as TestPaymentErrors }, { status: 404 });
  const form = guard.body.type === "form" ? Object.fromEntries(guard.body.value) : {};
  if (form.intent === "cancel") {
    await cancelTestOrder(db, order);
    return redirect("/cancel", 303);
  }
  const result = await payTestOrder(db, order, form, subscriberIdByEmail);
  if (!result.ok) return data({ errors: result.errors }, { status: 400 });
  services.logger.info({ orderId: order.id }, "test checkout paid");
  // The payment is stored: a failure here leaves the messages to the pickup at the next start.
  await services.orderConfirmations
    .queue()
    .catch((error: unknown) => services.logger.error({ err: error }, "queueing order messages failed"));
  return redirect(`/success?session_id=${encodeURIComponent(params.id)}`, 303);
}

export default function TestCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const order = loaderData.order;
  const errors: TestPaymentErrors = actionData?.errors ?? {};
  return (
    <section className="bg-[#eef6f5] px-5 py-12 sm:py-16">
      <div className="mx-auto max-w-4xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-coral-700 px-4 py-1 text-sm font-bold uppercase tracking-wider text-white">
          {copy.testCheckout.badge}
        </p>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-navy sm:text-4xl">{copy.testCheckout.title}</h1>
        {!order ? (
          <p className="mt-4 text-lg text-ink/80">{copy.testCheckout.notFound}</p>
        ) : (
          <>
            <p className="mt-3 max-w-2xl text-ink/80">{copy.testCheckout.explanation}</p>
            <div className="mt-8 grid gap-6 md:grid-cols-[2fr_3fr]">
              <section aria-labelledby="summary-title" className="rounded-3xl bg-navy p-6 text-white">
                <h2 id="summary-title" className="text-lg font-bold">
                  {copy.testCheckout.summaryTitle}
                </h2>
                <dl className="mt-4 space-y-3">
                  <div>
                    <dt className="text-sm text-white/80">Plan</dt>
                    <dd className="text-xl font-semibold">
                      {order.planName}, {order.months === 1 ? "1 month" : `${order.months} months`}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-white/80">Payments</dt>
                    <dd className="font-semibold">{order.summary}</dd>
                  </div>
                  {order.sale && (
                    <div>
                      <dt className="text-sm text-white/80">Sale</dt>
                      <dd className="font-semibold">{order.sale}</dd>
                    </div>
                  )}
                  {order.code && (
                    <div>
                      <dt className="text-sm text-white/80">Discount code</dt>
                      <dd className="font-semibold">{order.code}</dd>
                    </div>
                  )}
                  <div className="border-t border-white/20 pt-3">
                    <dt className="text-sm text-white/80">Due today</dt>
                    <dd className="text-3xl font-extrabold">{formatEuro(order.amountCents)}</dd>
                  </div>
                </dl>
              </section>
              <Form method="post" noValidate className="space-y-4 rounded-3xl bg-white p-6 shadow-sm">
                {errors.form && (
                  <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
                    {errors.form}
                  </p>
                )}
                <TextField
                  id="email"
                  name="email"
                  required
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  defaultValue={order.codeEmail ?? undefined}
                  error={errors.email}
                />
                <TextField
                  id="cardNumber"
                  name="cardNumber"
                  required
                  label="Card number"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="4242 4242 4242 4242"
                  error={errors.cardNumber}
                />
                <div className="grid grid-cols-2 gap-4">
                  <TextField
                    id="expiry"
                    name="expiry"
                    required
                    label="Expiry (MM / YY)"
                    autoComplete="cc-exp"
                    placeholder="12 / 34"
                    error={errors.expiry}
                  />
                  <TextField
                    id="cvc"
                    name="cvc"
                    required
                    label="Security code"
                    autoComplete="cc-csc"
                    inputMode="numeric"
                    placeholder="123"
                    error={errors.cvc}
                  />
                </div>
                <p id="card-hint" className="text-sm text-ink/75">
                  {copy.testCheckout.cardHint}
                </p>
                <Honeypot />
                <Button
                  type="submit"
                  name="intent"
                  value="pay"
                  disabled={submitting}
                  className="w-full px-6 disabled:cursor-wait disabled:opacity-75"
                >
                  {copy.testCheckout.payButton.replace("{amount}", formatEuro(order.amountCents))}
                </Button>
                <Button
                  type="submit"
                  name="intent"
                  value="cancel"
                  formNoValidate
                  disabled={submitting}
                  variant="secondary"
                  className="w-full px-6"
                >
                  {copy.testCheckout.cancelButton}
                </Button>
              </Form>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
