import { parseEnv } from "~/infra/env.server";
import { openDatabase } from "~/infra/db.server";

const env = parseEnv(process.env);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
console.log(`migrations applied (${database.engine})`);
await database.close();
