// Confirmed newsletter subscribers for the sending benchmarks (bench/newsletter.ts,
// bench/sending-setup.ts), made through the store as a sign-up makes them (storeFromOutbox).
import type { Db } from "~/infra/db.server";
import { storeFromOutbox } from "~/features/newsletter/subscribe.server";

export async function makeConfirmedSubscribers(db: Db, count: number): Promise<void> {
  const at = new Date().toISOString();
  for (let i = 0; i < count; i++)
    await storeFromOutbox(db, {
      email: `reader-${i}@example.com`,
      source: "footer",
      serviceType: null,
      status: "confirmed",
      at,
    });
}
