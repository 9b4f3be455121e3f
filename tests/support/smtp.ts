import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import type { Mailer } from "~/infra/mail.server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The whole message as received (headers and body). */
  raw: string;
}

export interface LocalSmtp {
  /** SMTP_URL for the app (plain SMTP on loopback, no STARTTLS). */
  url: string;
  messages: ReceivedMail[];
  /** Resolves once at least `count` messages arrived (mail is sent after the response). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim() ?? "";
}

/** A real SMTP server on 127.0.0.1 that keeps every message in memory (on `port`, or any free one). */
export async function startSmtpServer(port = 0): Promise<LocalSmtp> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: header(raw, "Subject"),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}?starttls=off`,
    messages,
    async waitForMessages(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Records every message handed to the mailer. Sends start inside the request that causes them
 * (lead notifications, confirmations), so once the request has returned the list is complete: a
 * test can say "exactly one" or "none" without waiting to see whether another comes.
 */
export function recordSends(mailer: Mailer | null | undefined): Promise<void>[] {
  if (!mailer) throw new Error("this test needs a mailer");
  const sent: Promise<void>[] = [];
  const send = mailer.send.bind(mailer);
  mailer.send = (message) => {
    const delivery = send(message);
    sent.push(delivery);
    return delivery;
  };
  return sent;
}
