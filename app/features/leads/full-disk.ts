import { nodeFiles, type OutboxFile, type OutboxFiles } from "./outbox.server";

/**
 * A test double, never wired in production: the form outbox's file-system calls over a disk that
 * can run out of space (the outbox's unit tests, /readyz's test and the full-disk fault drill): after `fill(n)` the
 * writes together take n more bytes, the one that does not fit is cut short (write(2) returns
 * fewer bytes, as a real disk does) and every write after it fails with ENOSPC, until `free()`.
 * Space the outbox gives back (a truncate, an unlinked file) is not counted: a disk filled by
 * something else stays full.
 */
export interface FullDisk extends OutboxFiles {
  fill(freeBytes: number): void;
  free(): void;
  /** Writes refused or cut short since the disk filled. */
  readonly refused: number;
}

export function enospc(syscall = "write"): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), {
    code: "ENOSPC",
    errno: -28,
    syscall,
  });
}

export function fullDisk(base: OutboxFiles = nodeFiles): FullDisk {
  let room: number | undefined;
  let refused = 0;
  const wrap = (file: OutboxFile): OutboxFile => ({
    write: async (buffer, offset, length) => {
      if (room === undefined) return file.write(buffer, offset, length);
      if (room === 0) {
        refused++;
        throw enospc();
      }
      const fits = Math.min(room, length);
      if (fits < length) refused++;
      const { bytesWritten } = await file.write(buffer, offset, fits);
      room -= bytesWritten;
      return { bytesWritten };
    },
    read: (...args) => file.read(...args),
    stat: () => file.stat(),
    truncate: (length) => file.truncate(length),
    sync: () => file.sync(),
    close: () => file.close(),
  });
  return {
    open: async (file, flags) => wrap(await base.open(file, flags)),
    rename: (from, to) => base.rename(from, to),
    unlink: (file) => base.unlink(file),
    readFile: (file) => base.readFile(file),
    fill: (freeBytes) => {
      room = freeBytes;
      refused = 0;
    },
    free: () => {
      room = undefined;
    },
    get refused() {
      return refused;
    },
  };
}
