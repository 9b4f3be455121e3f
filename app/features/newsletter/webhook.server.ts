import type { Logger } from "~/infra/logger.server";
import { webhookFailures } from "~/infra/metrics.server";

export interface WebhookOptions {
  attempts?: number;
  /** First retry delay; each next one is three times longer. */
  retryDelayMs?: number;
  timeoutMs?: number;
}

/**
 * Posts one new subscription to the spreadsheet web hook (form-urlencoded, like the
 * original site). Network errors, 5xx and 429 are retried; any other answer counts
 * as delivered. Never throws: the visitor's request does not wait for or depend on it.
 */
export async function forwardToWebhook(
  url: string,
  fields: Record<string, string>,
  logger: Logger,
  options: WebhookOptions = {},
): Promise<boolean> {
  const { attempts = 5, retryDelayMs = 2_000, timeoutMs = 10_000 } = options;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "follow",
      });
      await response.body?.cancel();
      if (response.status < 500 && response.status !== 429) return true;
      logger.warn({ status: response.status, attempt }, "newsletter web hook answered with an error");
    } catch (error) {
      logger.warn({ err: error, attempt }, "newsletter web hook unreachable");
    }
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 3 ** (attempt - 1)));
  }
  webhookFailures.inc({ webhook: "newsletter" });
  logger.error({ attempts }, "newsletter web hook failed, subscription is only in the database");
  return false;
}
