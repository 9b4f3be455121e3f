/** Each table of db/schema.ts by its export name, with the part of app/ that owns it. */
export declare const TABLE_OWNERS: Record<string, string>;
