import { connect } from "node:net";
import nodemailer from "nodemailer";
import type { Logger } from "./logger.server";
import { emailsFailed, emailsSent } from "./metrics.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  replyTo?: string;
  /** Text attachments (an event's .ics): stored with the message, so text only. */
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Resolves when the relay takes a TCP connection; throws (with the socket's code) when it does
   * not. Nothing is handed over, so the message engine asks before it marks a message `sending`.
   */
  reachable?(): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, or null when SMTP_URL is unset (the site then sends no e-mail). `pool`
 * keeps one connection open for many messages (the newsletter), instead of one per message.
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  logger: Logger,
  options: { pool?: boolean } = {},
): Mailer | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const host = url.hostname;
  const port = Number(url.port || (url.protocol === "smtps:" ? 465 : 587));
  const transport = nodemailer.createTransport({
    ...(options.pool ? { pool: true, maxConnections: 1, maxMessages: 500 } : {}),
    host,
    port,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Local test servers use self-signed certificates; ?tls=insecure opts in explicitly.
    tls: url.searchParams.get("tls") === "insecure" ? { rejectUnauthorized: false } : undefined,
    ignoreTLS: url.searchParams.get("starttls") === "off",
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(message) {
      let messageId: string;
      try {
        ({ messageId } = await transport.sendMail({ from, ...message }));
      } catch (error) {
        emailsFailed.inc();
        throw error;
      }
      emailsSent.inc();
      // Never the subject or the recipient: a new lead's subject holds the visitor's name and goal.
      // The Message-ID's own part (without the sender's domain) finds the message in the relay's log.
      logger.info({ messageId: messageId.replace(/^<|@.*$/g, "") }, "mail sent");
    },
    reachable: () =>
      new Promise<void>((resolve, reject) => {
        const socket = connect({ host, port, timeout: 10_000 });
        socket.once("connect", () => {
          socket.destroy();
          resolve();
        });
        socket.once("timeout", () => {
          socket.destroy();
          reject(Object.assign(new Error(`connect ETIMEDOUT ${host}:${port}`), { code: "ETIMEDOUT" }));
        });
        socket.once("error", reject);
      }),
    close: () => transport.close(),
  };
}
