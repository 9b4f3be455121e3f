import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    "info",
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    }),
  );
  return { logger, lines };
}

describe("log lines", () => {
  it("keep no mail subject, recipient, street address or IP address, whatever a caller passes", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        subject: "New intake: Anna de Vries (Getting fit)",
        to: "hello@example.com",
        replyTo: "anna@example.com",
        ip: "198.51.100.7",
        clientIp: "198.51.100.7",
        address: "Kerkstraat 12",
        lead: { streetAddress: "Kerkstraat 12" },
        kind: "intake",
      },
      "mail sent",
    );
    expect(lines[0]).toMatchObject({
      subject: "[redacted]",
      to: "[redacted]",
      replyTo: "[redacted]",
      ip: "[redacted]",
      clientIp: "[redacted]",
      address: "[redacted]",
      lead: { streetAddress: "[redacted]" },
      kind: "intake",
    });
  });

  it("keeps the address a refused connection went to: it is the server's", () => {
    const { logger, lines } = capture();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:587"), {
      code: "ECONNREFUSED",
      address: "127.0.0.1",
      port: 587,
    });
    logger.error({ err: refused }, "mail failed");
    expect(lines[0]?.err).toMatchObject({ address: "127.0.0.1", port: 587, code: "ECONNREFUSED" });
  });
});
