import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { bodyDeadline } from "./body-deadline";

/** A clock the test moves: each timer waits until the test fires it. */
function manualClock() {
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  return {
    timers,
    schedule(run: () => void, ms: number) {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Runs the timers still pending, as if their time had come. */
    fire() {
      for (const timer of timers.filter((t) => !t.cancelled)) {
        timer.cancelled = true;
        timer.run();
      }
    },
    pending: () => timers.filter((t) => !t.cancelled).map((t) => t.ms),
  };
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function start(clock: ReturnType<typeof manualClock>, handler: express.RequestHandler) {
  const app = express();
  app.use(
    bodyDeadline({
      deadlineMs: (req) => (req.path.startsWith("/editor") ? 900_000 : 30_000),
      afterAnswerMs: 30_000,
      schedule: clock.schedule,
    }),
  );
  app.post(/.*/, handler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that sends the headers and only part of a body of `length` bytes. */
async function startSlowPost(port: number, path: string, length: number, firstPart: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n${firstPart}`,
  );
  return { socket, closed, answer: () => answer };
}

const readBody: express.RequestHandler = (req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => res.type("text/plain").send(`got ${body.length}`));
};

describe("a deadline for each request's body", () => {
  it("gives a form's body 30 s and an editor's minutes", async () => {
    const clock = manualClock();
    const port = await start(clock, readBody);
    const form = await startSlowPost(port, "/form", 10, "abc");
    const editor = await startSlowPost(port, "/editor/article", 10, "abc");
    await expect.poll(() => clock.pending().sort()).toEqual([30_000, 900_000]);
    form.socket.destroy();
    editor.socket.destroy();
  });

  it("answers a body still arriving at its deadline with 408 and closes the connection", async () => {
    const clock = manualClock();
    const port = await start(clock, readBody);
    const post = await startSlowPost(port, "/form", 100, "the first part");
    await expect.poll(() => clock.pending()).toEqual([30_000]);
    clock.fire();
    await post.closed;
    expect(post.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(post.answer()).toMatch(/Connection: close/i);
    expect(post.answer()).toContain("The form took too long to arrive. Go back and send it again.");
  });

  it("lets a body that arrives in time through, and drops its timer", async () => {
    const clock = manualClock();
    const port = await start(clock, readBody);
    const post = await startSlowPost(port, "/editor/article", 8, "1234");
    await expect.poll(() => clock.pending()).toEqual([900_000]);
    post.socket.write("5678");
    await expect.poll(() => post.answer()).toContain("got 8");
    expect(clock.pending()).toEqual([]);
    post.socket.destroy();
  });

  it("closes a connection whose body is still arriving after a refusal, once afterAnswerMs is up", async () => {
    const clock = manualClock();
    const port = await start(clock, (_req, res) => {
      res.status(403).type("text/plain").send("refused");
    });
    const post = await startSlowPost(port, "/editor/article", 1_000_000, "x");
    await expect.poll(() => post.answer()).toMatch(/^HTTP\/1\.1 403/);
    // The editor's long deadline gave way to the short one after the answer.
    await expect.poll(() => clock.pending()).toEqual([30_000]);
    clock.fire();
    await post.closed;
  });
});
