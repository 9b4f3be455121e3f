import type { Rule } from "eslint";

export declare function tableOwnerPlugin(options: { owners: Record<string, string>; schemaFile: URL }): {
  rules: { "table-owner": Rule.RuleModule };
};
