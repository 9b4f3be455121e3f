import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, it } from "vitest";
import { TABLE_OWNERS } from "../db/table-owners.mjs";
import { tableOwnerPlugin } from "./eslint-table-owner.mjs";

// RuleTester runs its cases with the test framework it is handed (its types omit these hooks).
Object.assign(RuleTester, { afterAll, describe, it });

const rule = tableOwnerPlugin({ owners: TABLE_OWNERS, schemaFile: new URL("../db/schema.ts", import.meta.url) }).rules[
  "table-owner"
];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const at = (file: string) => `${process.cwd()}/${file}`;

tester.run("table-owner", rule, {
  valid: [
    { code: 'import { signups } from "#db/schema";', filename: at("app/features/leads/signups.server.ts") },
    { code: 'import { pushKeys } from "#db/schema";', filename: at("app/infra/push.server.ts") },
    { code: 'import type { OrderDiscount } from "#db/schema";', filename: at("app/features/reports/x.ts") },
    { code: 'import { type FirstTouch } from "#db/schema";', filename: at("app/infra/first-touch.ts") },
    {
      code: 'import * as schema from "#db/schema";',
      filename: at("app/infra/db.server.ts"),
      options: [{ wholeSchema: ["app/infra/db.server.ts"] }],
    },
    {
      // The owner may name its own table in raw SQL.
      code: "const q = sql`(select count(*) from signups s where s.form_name = ${form})`;",
      filename: at("app/features/leads/credited.server.ts"),
    },
    {
      // Words that are no table's name stay free.
      code: "const q = sql`extract(epoch from created_at)`;",
      filename: at("app/features/reports/x.ts"),
    },
  ],
  invalid: [
    {
      // Raw SQL is no way round the owner.
      code: "const q = sql`select count(*) from bookings b join signups s on s.id = b.lead_id`;",
      filename: at("app/features/reports/issue-credit.server.ts"),
      errors: [
        { messageId: "raw", data: { sqlName: "bookings", table: "bookings", owner: "features/scheduling" } },
        { messageId: "raw", data: { sqlName: "signups", table: "signups", owner: "features/leads" } },
      ],
    },
    {
      code: 'import { orders, signups } from "#db/schema";',
      filename: at("app/features/leads/lifecycle.server.ts"),
      errors: [{ messageId: "foreign", data: { table: "orders", owner: "features/checkout" } }],
    },
    {
      // A folder whose name starts like the owner's is not the owner.
      code: 'import { signups } from "#db/schema";',
      filename: at("app/features/leads-archive/x.ts"),
      errors: [{ messageId: "foreign" }],
    },
    {
      code: 'import { payments } from "#db/schema";',
      filename: at("app/features/reports/data.server.ts"),
      errors: [{ messageId: "foreign" }],
    },
    {
      code: 'import * as schema from "#db/schema";',
      filename: at("app/features/auth/auth.server.ts"),
      errors: [{ messageId: "whole" }],
    },
  ],
});
