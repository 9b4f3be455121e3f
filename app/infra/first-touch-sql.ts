import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * sourceLabel() (first-touch.ts) in SQL, for a first_touch column: the campaign's source, else the
 * referring site without "www.", else "direct"; "(unknown)" when nothing was recorded. A source
 * stored before bidi and zero-width characters were stripped (decision 058) is counted without them.
 */
export const firstTouchSource = (column: SQL | AnyColumn) =>
  sql`coalesce(lower(regexp_replace(${column}->>'utmSource', '[\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]', '', 'g')), regexp_replace(${column}->>'referrer', '^www\\.', ''), case when ${column} is null then '(unknown)' else 'direct' end)`;
