import { expect, test } from "./fixtures";

/**
 * A second submission while the page still reloads its data after the first cancels that reload:
 * React Router's stream reader then leaves promises that reject with the cancellation, unhandled
 * (app/kernel/aborted-requests.ts). The application drops exactly those; any other uncaught
 * rejection still reaches the console and fails the test that meets it.
 */
test("a cancelled request left unhandled is no page error; any other rejection still is", async ({
  page,
  consoleErrors,
}) => {
  // The back office runs the whole application from the start.
  await page.goto("/admin/login");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.evaluate(() => {
    const controller = new AbortController();
    const reader = new ReadableStream({
      start: (stream) => controller.signal.addEventListener("abort", () => stream.error(controller.signal.reason)),
    }).getReader();
    void reader.read().then(() => undefined);
    controller.abort();
  });
  await page.evaluate(() => void Promise.reject(new TypeError("a real failure")));
  await expect.poll(() => consoleErrors.length).toBe(1);
  expect(consoleErrors).toEqual(["a real failure"]);
  consoleErrors.length = 0;
});
