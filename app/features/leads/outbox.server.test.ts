import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { fullDisk, type FullDisk } from "./full-disk";
import { nodeFiles, Outbox, type OutboxFiles } from "./outbox.server";

/**
 * The outbox's writes on a disk that fails: nothing is acknowledged that is not whole on disk,
 * and a failed write leaves the file as it was (issue 47: a full disk truncated the outbox).
 */
const logger = pino({ level: "silent" });

function setUp(files: OutboxFiles = fullDisk(), probe?: () => Promise<void>) {
  const dir = mkdtempSync(path.join(tmpdir(), "outbox-unit-"));
  const file = path.join(dir, "outbox.jsonl");
  const failures: string[] = [];
  const outbox = new Outbox(file, logger, { files, probe, onWriteFailure: (reason) => failures.push(reason) });
  return { dir, file, outbox, failures, read: () => readFileSync(file, "utf8") };
}

const lead = (n: number) => ({ name: `Lead ${n}`, note: "x".repeat(200) });

describe("appending", () => {
  it("refuses a submission cut short by a full disk, leaves the file as it was and takes the next one when there is room", async () => {
    const disk = fullDisk();
    const { outbox, read, failures } = setUp(disk);
    await outbox.append("intake", lead(1));
    await outbox.append("intake", lead(2));
    const before = read();
    disk.fill(100);
    await expect(outbox.append("intake", lead(3))).rejects.toThrow(/no space left/);
    expect(disk.refused).toBeGreaterThan(0);
    expect(read()).toBe(before);
    expect(outbox.lastWriteFailure).toMatchObject({ reason: "no space left", ongoing: true });
    expect(failures).toEqual(["no space left"]);
    disk.free();
    await outbox.append("intake", lead(4));
    expect((await outbox.entries()).map((e) => (e.payload as { name: string }).name)).toEqual([
      "Lead 1",
      "Lead 2",
      "Lead 4",
    ]);
    expect(outbox.lastWriteFailure?.ongoing).toBe(false);
  });

  it("does not acknowledge a submission whose fsync failed", async () => {
    const eio = Object.assign(new Error("EIO: i/o error, fsync"), { code: "EIO" });
    const files: OutboxFiles = {
      ...nodeFiles,
      open: async (file, flags) => {
        const handle = await nodeFiles.open(file, flags);
        return {
          ...handle,
          write: handle.write.bind(handle),
          read: handle.read.bind(handle),
          stat: handle.stat.bind(handle),
          truncate: handle.truncate.bind(handle),
          close: handle.close.bind(handle),
          sync: () => Promise.reject(eio),
        };
      },
    };
    const { outbox } = setUp(files);
    await expect(outbox.append("intake", lead(1))).rejects.toThrow(/input\/output error/);
  });
});

describe("rewriting after a replay", () => {
  async function withEntries(disk: FullDisk, count: number) {
    const set = setUp(disk);
    for (let n = 1; n <= count; n++) await set.outbox.append("intake", lead(n));
    // The database takes the first entry only: the rest stay, so the file is rewritten.
    let taken = 0;
    set.outbox.register("intake", async () => {
      if (taken++ > 0) throw new Error("database away");
    });
    return set;
  }

  it("keeps the live file whole when the new copy does not fit", async () => {
    const disk = fullDisk();
    const { outbox, read, dir } = await withEntries(disk, 5);
    const before = read();
    disk.fill(300);
    await expect(outbox.replay()).rejects.toThrow(/no space left/);
    expect(read()).toBe(before);
    expect(readdirSync(dir)).toEqual(["outbox.jsonl"]);
    expect(outbox.lastWriteFailure?.reason).toBe("no space left");
  });

  it("keeps the live file whole when the rename fails", async () => {
    const disk = fullDisk();
    const eio = Object.assign(new Error("EIO: i/o error, rename"), { code: "EIO" });
    const { outbox, read, dir } = await withEntries({ ...disk, rename: () => Promise.reject(eio) } as FullDisk, 3);
    const before = read();
    await expect(outbox.replay()).rejects.toThrow(/input\/output error/);
    expect(read()).toBe(before);
    expect(readdirSync(dir)).toEqual(["outbox.jsonl"]);
  });

  it("fsyncs the directory after the rename, so the new name survives a power cut", async () => {
    const calls: string[] = [];
    const files: OutboxFiles = {
      ...nodeFiles,
      open: async (file, flags) => {
        const handle = await nodeFiles.open(file, flags);
        const name = path.basename(file) || file;
        return {
          write: handle.write.bind(handle),
          read: handle.read.bind(handle),
          stat: handle.stat.bind(handle),
          truncate: handle.truncate.bind(handle),
          close: handle.close.bind(handle),
          sync: async () => {
            calls.push(`sync ${flags === "r" ? "directory" : name}`);
            await handle.sync();
          },
        };
      },
      rename: async (from, to) => {
        calls.push("rename");
        await nodeFiles.rename(from, to);
      },
    };
    const { outbox } = setUp(files);
    await outbox.append("intake", lead(1));
    await outbox.append("intake", lead(2));
    let taken = 0;
    outbox.register("intake", async () => {
      if (taken++ > 0) throw new Error("database away");
    });
    calls.length = 0;
    await outbox.replay();
    expect(calls).toEqual(["sync outbox.jsonl.tmp", "rename", "sync directory"]);
  });

  it("leaves the file alone when a replay changed nothing (the database still away)", async () => {
    const disk = fullDisk();
    const { outbox, read } = setUp(disk, () => Promise.reject(new Error("database away")));
    await outbox.append("intake", lead(1));
    outbox.register("intake", () => Promise.reject(new Error("database away")));
    const before = read();
    disk.fill(0);
    await expect(outbox.replay()).resolves.toMatchObject({ replayed: 0, remaining: 1 });
    expect(read()).toBe(before);
    expect(disk.refused).toBe(0);
  });

  it("tries a write at each replay while failing, and says it can write again once one succeeds", async () => {
    const disk = fullDisk();
    const { outbox, failures } = setUp(disk);
    disk.fill(0);
    await expect(outbox.append("intake", lead(1))).rejects.toThrow();
    await outbox.replay();
    expect(outbox.lastWriteFailure?.ongoing).toBe(true);
    disk.free();
    await outbox.replay();
    expect(outbox.lastWriteFailure?.ongoing).toBe(false);
    expect(failures).toEqual(["no space left"]);
  });
});
