import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The lint rule behind "every table has one owner" (docs/decisions/067-one-owner-per-table.md): a
 * table of `#db/schema` is imported only inside the place db/table-owners.mjs names for it. Types
 * (`import type`, `type X`) are free: they carry no queries. Whole-schema imports (`import * as`) are
 * refused except where the options allow them (the database module types Drizzle with every table).
 * A table named by its SQL name in a `sql` template (`from signups s`) counts as imported: raw SQL
 * must not be a way round the owner.
 */
export function tableOwnerPlugin({ owners, schemaFile }) {
  const schema = readFileSync(schemaFile, "utf8");
  const declared = [...schema.matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1]);
  /** SQL name → the table's name in db/schema.ts. */
  const bySqlName = new Map(
    [...schema.matchAll(/^export const (\w+) = pgTable\(\s*"(\w+)"/gm)].map((m) => [m[2], m[1]]),
  );
  const unowned = declared.filter((table) => !(table in owners));
  const gone = Object.keys(owners).filter((table) => !declared.includes(table));
  if (unowned.length > 0 || gone.length > 0) {
    throw new Error(
      `db/table-owners.mjs must name the owner of every table of db/schema.ts once: add ${unowned.join(", ") || "none"}, remove ${gone.join(", ") || "none"}.`,
    );
  }

  /** @type {import("eslint").Rule.RuleModule} */
  const rule = {
    meta: {
      type: "problem",
      schema: [
        {
          type: "object",
          properties: {
            wholeSchema: { type: "array", items: { type: "string" } },
          },
          additionalProperties: false,
        },
      ],
      messages: {
        foreign:
          "The table `{{table}}` belongs to app/{{owner}} (db/table-owners.mjs): read or change it through a function of app/{{owner}}, not from `#db/schema`.",
        raw: "The SQL names the table `{{sqlName}}` ({{table}}), which belongs to app/{{owner}} (db/table-owners.mjs): ask a function of app/{{owner}} for it (it may return a subquery).",
        whole:
          "Import the tables you use by name: a file may import only the tables its feature owns (db/table-owners.mjs).",
      },
    },
    create(context) {
      const { wholeSchema = [] } = context.options[0] ?? {};
      const file = path.relative(context.cwd, context.filename).split(path.sep).join("/");
      const inside = (owner) => file === `app/${owner}` || file.startsWith(`app/${owner}/`);
      const check = (node, table, report) => {
        const owner = owners[table];
        if (!owner || inside(owner)) return;
        report(owner);
      };
      return {
        TaggedTemplateExpression(node) {
          if (node.tag.type !== "Identifier" || node.tag.name !== "sql") return;
          for (const quasi of node.quasi.quasis) {
            for (const m of (quasi.value.cooked ?? "").matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?/gi)) {
              const table = bySqlName.get(m[1]);
              if (table)
                check(node, table, (owner) =>
                  context.report({ node: quasi, messageId: "raw", data: { sqlName: m[1], table, owner } }),
                );
            }
          }
        },
        ImportDeclaration(node) {
          if (node.source.value !== "#db/schema" || node.importKind === "type") return;
          for (const specifier of node.specifiers) {
            if (specifier.type === "ImportNamespaceSpecifier" || specifier.type === "ImportDefaultSpecifier") {
              if (!wholeSchema.includes(file)) context.report({ node: specifier, messageId: "whole" });
              continue;
            }
            if (specifier.importKind === "type") continue;
            const table = specifier.imported.type === "Identifier" ? specifier.imported.name : specifier.imported.value;
            check(specifier, table, (owner) =>
              context.report({ node: specifier, messageId: "foreign", data: { table, owner } }),
            );
          }
        },
      };
    },
  };
  return { rules: { "table-owner": rule } };
}
