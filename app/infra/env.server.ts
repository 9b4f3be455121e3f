import "./zod-config";
import { z } from "zod";
import { parseTrustProxy } from "./trust-proxy.server";
import { parseBackupKey } from "./backup-archive.server";

/**
 * Every setting of the site, read once from the environment. With no variables
 * at all the site runs on embedded defaults (PGlite under ./data, the built-in
 * test checkout, no e-mail). A bad value stops start-up naming the variable.
 */
const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /**
   * Public address of the site, used in canonical links, sitemaps, e-mails, Stripe return URLs and
   * sign-in origin checks. Unset, it follows the port the server listens on (see `parseEnv`);
   * production requires it (`requireSiteUrlInProduction`).
   */
  SITE_URL: optionalUrl.transform((v) => v?.replace(/\/+$/, "")),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  /** Folder for the embedded database and the lead outbox. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where backups go; defaults to DATA_DIR/backups. Copy it off the machine (README). */
  BACKUP_DIR: optionalString,
  /** Encrypts backups (AES-256-GCM): 32 bytes as 64 hex characters or base64. Keep a copy elsewhere. */
  BACKUP_ENCRYPTION_KEY: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        const key = parseBackupKey(v);
        if (typeof key === "string") {
          ctx.addIssue({ code: "custom", message: key });
          return z.NEVER;
        }
        return key;
      })
      .optional(),
  ),
  /**
   * The other instances' data directories, comma-separated (a backup job beside several instances,
   * deploy/compose.yaml): their outbox and dead letters go into each backup with this one's.
   */
  BACKUP_INSTANCE_DIRS: optionalString.transform((v) =>
    (v ?? "")
      .split(",")
      .map((dir) => dir.trim())
      .filter(Boolean),
  ),
  /** Minutes between the server's own backups; 0 turns them off (when a separate job makes them). */
  BACKUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /**
   * Off-site copies (README "Backups and restore"): every backup also goes to this S3-compatible
   * bucket, encrypted (BACKUP_ENCRYPTION_KEY is then required). Unset: backups stay on this machine.
   */
  BACKUP_S3_BUCKET: optionalString,
  /** The service's address, e.g. https://s3.eu-central-003.backblazeb2.com; unset for AWS S3. */
  BACKUP_S3_ENDPOINT: optionalUrl,
  BACKUP_S3_REGION: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(1).default("us-east-1")),
  /** Unset (both): the AWS SDK's own credentials (AWS_ACCESS_KEY_ID…, an instance role). */
  BACKUP_S3_ACCESS_KEY_ID: optionalString,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
  /** A folder in the bucket, e.g. "mila-coaching/"; unset: the bucket's top level. */
  BACKUP_S3_PREFIX: optionalString,
  /** Bucket in the path (https://host/bucket/key) instead of the host name; defaults to on with an endpoint. */
  BACKUP_S3_PATH_STYLE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .transform((v) => v === "true" || v === "1")
      .optional(),
  ),
  /**
   * Or any rclone remote instead of a bucket, `name:path` as configured with `rclone config` for the
   * site's user, e.g. "b2:mila-backups/site" (rclone must be installed). Needs BACKUP_ENCRYPTION_KEY.
   */
  BACKUP_RCLONE_REMOTE: optionalString.pipe(
    z
      .string()
      .regex(/^[^:/\s]+:/, 'must be an rclone remote and path, e.g. "b2:mila-backups/site"')
      .optional(),
  ),
  /** Bearer token that lets /metrics answer requests from outside loopback and private networks. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Seconds a stopping server keeps serving while /healthz says it is stopping, so that a proxy's
   * health check takes it out of rotation before it closes (several instances: a deploy drops no
   * request). 0: close at once (one instance, nothing to hand over to).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Who may report the visitor's address (X-Forwarded-For): 0 when exposed directly, the
   * load balancers' addresses or subnets (safest), or a hop count. See app/infra/trust-proxy.server.ts.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((v, ctx) => {
      const setting = parseTrustProxy(v);
      if (typeof setting === "string") {
        ctx.addIssue({ code: "custom", message: setting });
        return z.NEVER;
      }
      return setting;
    }),
  /** Secret for signing sessions and links; required in production with 32+ characters. */
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /** Google Tag Manager container id; the tag loads only after the visitor accepts analytics cookies. */
  GTM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, "must look like GTM-XXXXXXX")
      .optional(),
  ),
  /** SMTP connection, e.g. smtps://user:pass@smtp.example.com:465; no e-mail is sent when absent. */
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default("Mila Jansen Coaching <hello@milajansen.coach>"),
  /**
   * Newsletter messages per minute from each instance, for SMTP relays that limit the rate (e.g.
   * 300 for a relay allowing 5 a second); 0: as fast as the mail server takes them.
   */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(0),
  /**
   * The first wait after a message could not be handed over (the relay away or saying "later"),
   * doubling after each try up to four hours (docs/decisions/056). Drills shorten it here.
   */
  MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /**
   * How long an instance holds the messages it claimed: a message left `sending` by an instance
   * that died is settled (`unknown`) after this, and a claimed one is taken by another instance.
   * Longer than any single hand-over (the relay's timeouts); drills shorten it to settle in time.
   */
  MESSAGE_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /**
   * The mail relay's web hook signing key (Mailgun's "HTTP webhook signing key"): bounces and
   * complaints posted to /api/newsletter/relay-webhook suppress addresses. Unset: the endpoint is off.
   */
  MAIL_RELAY_WEBHOOK_KEY: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Where new-lead notifications go. */
  TRAINER_EMAIL: z.email().default("hello@milajansen.coach"),
  /** Scheduling page (Calendly-compatible) for the free intake. */
  SCHEDULING_URL: z.url().default("https://calendly.com/milajansen-coach/free-intake"),
  SCHEDULING_WIDGET_SCRIPT: z.url().default("https://assets.calendly.com/assets/external/widget.js"),
  /** Which service signs the bookings posted to /api/scheduling-webhook; unset = the endpoint is off. */
  SCHEDULING_PROVIDER: optionalString.pipe(z.enum(["calendly", "cal.com"]).optional()),
  /** Calendly's webhook signing key, or the secret set on the Cal.com webhook. */
  SCHEDULING_WEBHOOK_SECRET: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /**
   * Moves the event's start (content/event.ts) for staging and tests, e.g. 2031-05-18T17:30:00-06:00;
   * the page and the signup endpoint close when this moment has passed.
   */
  EVENT_STARTS_AT: optionalString.pipe(
    z.iso.datetime({ offset: true, error: "must be an ISO date-time with offset" }).optional(),
  ),
  /** Optional spreadsheet web hook that receives each new newsletter subscription. */
  NEWSLETTER_WEBHOOK_URL: optionalUrl,
  /** Address of the external workspace page shown on /notion-embed. */
  NOTION_EMBED_URL: optionalUrl,
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^sk_(test|live)_/, "must start with sk_test_ or sk_live_")
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, "must start with whsec_")
      .optional(),
  ),
  /** JSON map "planId:billingType" -> Stripe price id, e.g. {"essential:onetime":"price_123"}. */
  STRIPE_PRICES: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return z.record(z.string(), z.string().startsWith("price_")).parse(JSON.parse(v));
        } catch {
          ctx.addIssue({ code: "custom", message: 'must be a JSON object like {"essential:onetime":"price_..."}' });
          return z.NEVER;
        }
      })
      .optional(),
  ),
  /** Customer-portal configuration (bpc_...) with cancelling disabled; `npm run stripe:sync` creates one. */
  STRIPE_PORTAL_CONFIGURATION: optionalString.pipe(z.string().startsWith("bpc_", "must start with bpc_").optional()),
  /** Stripe API address override, only for tests against a local stand-in. */
  STRIPE_API_BASE: optionalUrl,
  /** Submissions of one form per visitor address per minute. */
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Any state-changing request per visitor address per minute, across every instance. */
  RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Forms held for review (sent faster than a person types) accepted per UTC day, all forms and
   * visitors together; past it such forms answer 429 naming the trainer's e-mail and WhatsApp, so a
   * bot flood cannot bury the real ones (decision 057). The table then holds at most this many a day.
   */
  HELD_LIMIT_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(100),
  /** The same per sender's network (an IPv4 /24, an IPv6 /48) per UTC day; at most HELD_LIMIT_PER_DAY. */
  HELD_LIMIT_PER_NETWORK_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Page-speed reports (POST /api/vitals) per visitor address per minute; a visitor sends one per page left. */
  RATE_LIMIT_VITALS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Signed web hook posts (the mail relay's bounce and complaint reports) per sending address per
   * minute, instead of the visitors' limit: a provider reports a send's bounces in bursts from a few addresses.
   */
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
});

export type Env = Omit<z.infer<typeof envSchema>, "SITE_URL"> & { SITE_URL: string };

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = { ...result.data, SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}` };
  if (env.NODE_ENV === "production" && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set",
    );
  }
  if (env.HELD_LIMIT_PER_NETWORK_PER_DAY > env.HELD_LIMIT_PER_DAY) {
    throw new EnvError(
      "Invalid environment configuration:\n  HELD_LIMIT_PER_NETWORK_PER_DAY: must not be more than HELD_LIMIT_PER_DAY",
    );
  }
  const offsiteProblem = offsiteSettingsProblem(env);
  if (offsiteProblem) throw new EnvError(`Invalid environment configuration:\n  ${offsiteProblem}`);
  if (env.SCHEDULING_PROVIDER && !env.SCHEDULING_WEBHOOK_SECRET) {
    throw new EnvError(
      "Invalid environment configuration:\n  SCHEDULING_WEBHOOK_SECRET: required when SCHEDULING_PROVIDER is set",
    );
  }
  return env;
}

/** Off-site copies go to one place, need a bucket and both halves of a key pair, and encryption. */
function offsiteSettingsProblem(env: z.infer<typeof envSchema>): string | undefined {
  const set = (["ENDPOINT", "ACCESS_KEY_ID", "SECRET_ACCESS_KEY", "PREFIX", "PATH_STYLE"] as const).filter(
    (name) => env[`BACKUP_S3_${name}`] !== undefined,
  );
  if (env.BACKUP_RCLONE_REMOTE && (env.BACKUP_S3_BUCKET || set.length > 0)) {
    return "BACKUP_RCLONE_REMOTE: set either it or the BACKUP_S3_* settings, not both";
  }
  if (env.BACKUP_RCLONE_REMOTE && !env.BACKUP_ENCRYPTION_KEY) {
    return "BACKUP_ENCRYPTION_KEY: required when BACKUP_RCLONE_REMOTE is set (copies that leave the machine are encrypted); make one with openssl rand -base64 32 and keep it somewhere other than the server";
  }
  if (!env.BACKUP_S3_BUCKET) {
    return set.length > 0 ? `BACKUP_S3_BUCKET: required when BACKUP_S3_${set[0]} is set` : undefined;
  }
  if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY)) {
    return env.BACKUP_S3_ACCESS_KEY_ID
      ? "BACKUP_S3_SECRET_ACCESS_KEY: required when BACKUP_S3_ACCESS_KEY_ID is set"
      : "BACKUP_S3_ACCESS_KEY_ID: required when BACKUP_S3_SECRET_ACCESS_KEY is set";
  }
  if (!env.BACKUP_ENCRYPTION_KEY) {
    return "BACKUP_ENCRYPTION_KEY: required when BACKUP_S3_BUCKET is set (copies that leave the machine are encrypted); make one with openssl rand -base64 32 and keep it somewhere other than the server";
  }
  return undefined;
}

/**
 * A production start (NODE_ENV=production, a Stripe key or a PostgreSQL database) must know its
 * public address: a guessed localhost URL would put broken links into e-mails and payments.
 * Checked by the server entry only, so scripts and tests can parse partial settings.
 */
export function requireSiteUrlInProduction(source: Record<string, string | undefined>): void {
  if (source.SITE_URL) return;
  const reason =
    source.NODE_ENV === "production"
      ? "NODE_ENV=production"
      : source.STRIPE_SECRET_KEY
        ? "STRIPE_SECRET_KEY is set"
        : source.DATABASE_URL
          ? "DATABASE_URL is set"
          : undefined;
  if (reason) {
    throw new EnvError(
      `Invalid environment configuration:\n  SITE_URL: required in production (${reason}); set it to the site's public address, e.g. https://www.example.com`,
    );
  }
}

/** The subset that may reach the browser (through the root loader). Nothing secret here. */
export function publicEnv(env: Env) {
  return {
    SITE_URL: env.SITE_URL,
    GTM_ID: env.GTM_ID ?? null,
    SCHEDULING_URL: env.SCHEDULING_URL,
    SCHEDULING_WIDGET_SCRIPT: env.SCHEDULING_WIDGET_SCRIPT,
  };
}
export type PublicEnv = ReturnType<typeof publicEnv>;
