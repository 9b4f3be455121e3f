/**
 * A real SMTP server in a process of its own, so a test can kill it (SIGKILL) in the middle of a
 * send and start it again on the same port. Every accepted message is appended to RECORD_FILE
 * (one JSON line: the recipients and the Subject) before the server answers 250, so what the file
 * holds is exactly what the server accepted. REJECT_TEMP and REJECT_PERM are regular expressions:
 * a recipient matching one is answered 451 (try again later) or 550 (no such mailbox) at RCPT.
 * Run with Node (TypeScript types are stripped): PORT=… RECORD_FILE=… node tests/support/smtp-process.ts
 */
import { appendFileSync } from "node:fs";
import { SMTPServer } from "smtp-server";

const temp = process.env.REJECT_TEMP ? new RegExp(process.env.REJECT_TEMP) : null;
const perm = process.env.REJECT_PERM ? new RegExp(process.env.REJECT_PERM) : null;
const record = process.env.RECORD_FILE ?? "";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (perm?.test(address.address)) {
      const error = new Error("5.1.1 Mailbox unknown") as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    }
    if (temp?.test(address.address)) {
      const error = new Error("4.7.1 Try again later") as Error & { responseCode: number };
      error.responseCode = 451;
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const subject = /^Subject:\s*(.*)$/im.exec(raw)?.[1]?.trim() ?? "";
      appendFileSync(record, `${JSON.stringify({ to: session.envelope.rcptTo.map((r) => r.address), subject })}\n`);
      callback();
    });
  },
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("listening\n"));
