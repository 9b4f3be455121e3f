import pino, { type Logger } from "pino";

export type { Logger };

/** Structured JSON logs; secrets and personal data are redacted by path. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.email",
        "*.phone",
        "*.password",
        "*.firstName",
        "*.lastName",
      ],
      censor: "[redacted]",
    },
  });
}
