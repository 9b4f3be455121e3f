import type { Db } from "../../infra/db.server";
import type { Outbox } from "./outbox.server";

/**
 * Every kind of submission that can wait in the outbox, with the idempotent write
 * that stores it once the database is back. Each feature registers its kind here.
 */
export function registerOutboxHandlers(outbox: Outbox, db: Db): void {
  void outbox;
  void db;
}
