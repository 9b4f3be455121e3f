import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/**
 * Fields whose value is personal or secret wherever they appear in a log line, at any depth: a
 * mail's subject and recipients (a new lead's subject holds the visitor's name and goal) and a
 * visitor's IP address included. (`name` and `address` only outside errors: an error's name is its
 * class, and a refused connection's address is the server's.)
 */
const PERSONAL_KEY =
  /^(e-?mail|.*_email|.*Email|phone|.*Phone|firstName|lastName|first_name|last_name|fullName|full_name|password|.*token|.*Token|secret|cookie|set-cookie|authorization|params|answers|note|message_body|subject|to|cc|bcc|reply_?to|recipients?|ip|client_?ip|remote_?address|street_?address)$/i;
const NAME_KEY = /^(name|address)$/i;
const REDACTED = "[redacted]";

/** Values that give a person away inside free text: database error messages, URLs, headers. */
const SCRUBBERS: [RegExp, string][] = [
  // Drizzle puts a failed query's parameters into the message: "params: zoe@example.com,Zoë,...".
  [/params: [\s\S]*?(?=\n\s+at |$)/g, `params: ${REDACTED}`],
  // PostgreSQL's details quote the values: "Key (email)=(zoe@example.com) already exists".
  [/\)=\([\s\S]*?\)(?= already exists| is not present|\.|$)/g, `)=(${REDACTED})`],
  [/Failing row contains \([\s\S]*?\)(?=\.?$)/gm, `Failing row contains (${REDACTED})`],
  // Also URL-encoded (%40), as a path carries it.
  [/[A-Za-z0-9._+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[email]"],
  [/(?:\+|\b0)\d[\d\s().-]{7,}\d/g, "[phone]"],
  [/\b(Bearer|Basic)\s+[^\s"]+/gi, `$1 ${REDACTED}`],
  [/([?&][^=\s&#"]+)=[^&\s#"]*/g, `$1=${REDACTED}`],
];

export function scrubText(text: string): string {
  return SCRUBBERS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

function scrub(value: unknown, depth = 0, inError = false): unknown {
  if (depth > 8) return REDACTED;
  if (typeof value === "string") return scrubText(value);
  if (value instanceof Error) return scrub({ ...pino.stdSerializers.err(value) }, depth + 1, true);
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1, inError));
  if (value === null || typeof value !== "object") return value;
  // Requests, responses and other class instances are left to their serializers (app.ts scrubs the path).
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const error = inError || ("stack" in value && "message" in value);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (PERSONAL_KEY.test(key) || (!error && NAME_KEY.test(key))) {
      out[key] = item === null || item === undefined ? item : REDACTED;
    } else {
      out[key] = scrub(item, depth + 1, error);
    }
  }
  return out;
}

/**
 * Structured JSON logs that never carry personal data: fields known to be personal are
 * replaced wherever they sit, and free text (error messages, stacks, database details,
 * URLs) loses e-mail addresses, phone numbers, query values and credentials.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    formatters: { log: (object) => scrub(object) as Record<string, unknown> },
    hooks: {
      // The message string is free text too.
      logMethod(args, method) {
        const scrubbed = args.map((arg) => (typeof arg === "string" ? scrubText(arg) : arg)) as Parameters<
          typeof method
        >;
        method.apply(this, scrubbed);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
