/**
 * The site's analytics events, pushed to the page's data layer. Nothing
 * leaves the browser from here: the tag manager that reads the layer only loads
 * after the visitor accepts analytics cookies (see features/site/consent).
 */
export interface AnalyticsEvents {
  page_view: { page_path: string; page_location: string; page_title: string; page_category: string };
  form_view: { form_name: string; form_type: string };
  form_start: { form_name: string };
  form_question_view: {
    question_id: string;
    question_label: string;
    question_type: string;
    step_number: number;
    total_steps: number;
    step_percent: number;
  };
  form_question_answer: {
    question_id: string;
    question_label: string;
    question_type: string;
    answer: string;
    step_number: number;
    total_steps: number;
  };
  form_contact_info: {
    first_name_completed: boolean;
    last_name_completed: boolean;
    email_completed: boolean;
    phone_completed: boolean;
    message_completed: boolean;
    all_required_completed: boolean;
    step_number: number;
    total_steps: number;
    field_updated: string;
  };
  form_submit: {
    form_name: string;
    is_valid: boolean;
    error_fields?: string[];
    answers?: Record<string, string>;
    timestamp: string;
  };
  form_complete: { form_name: string; lead_id?: string };
  call_booked: { lead_id?: string };
  blog_subscription: { source: string; submittedAt: string };
  /** The order's own id: the checkout session id would open the buyer's customer portal. */
  payment_success: { order_ref: string };
  payment_cancelled: Record<string, never>;
}

export type AnalyticsEventName = keyof AnalyticsEvents;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Query parameters that are keys, not measurements: never sent to analytics. */
const PRIVATE_PARAMS = ["session_id", "token"];

/** The built-in test checkout carries its session id in the path: analytics sees the page, not the id. */
export const analyticsPath = (pathname: string) => pathname.replace(/^\/checkout\/test\/[^/]+/, "/checkout/test");

/** The page address without its private parts (a checkout session id opens the customer portal). */
export function analyticsLocation(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  for (const name of PRIVATE_PARAMS) url.searchParams.delete(name);
  url.pathname = analyticsPath(url.pathname);
  return url.toString();
}

export function track<E extends AnalyticsEventName>(event: E, params: AnalyticsEvents[E]): void {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  const cleaned: Record<string, unknown> = { ...params };
  if (typeof cleaned.page_location === "string") cleaned.page_location = analyticsLocation(cleaned.page_location);
  if (typeof cleaned.page_path === "string") cleaned.page_path = analyticsPath(cleaned.page_path);
  window.dataLayer.push({ event, ...cleaned });
}
