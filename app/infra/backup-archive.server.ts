import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/**
 * A backup is one gzip'd tar (readable with `tar -xzf` when not encrypted). Encrypted, it is a
 * header (MAGIC, a 12-byte IV and a 16-byte key check), the AES-256-GCM ciphertext of that
 * tar.gz with the header as additional data, and the 16-byte tag. The key check tells a wrong
 * key from a damaged file before anything is decrypted. Archives of the first format (MAGIC_V1,
 * no key check) are still read.
 */
const MAGIC = Buffer.from("MJCENC2\0");
const MAGIC_V1 = Buffer.from("MJCENC1\0");
const IV_BYTES = 12;
const CHECK_BYTES = 16;
const TAG_BYTES = 16;

/** Why an archive cannot be read, in words an operator can act on (the library's text is the cause). */
export class BackupUnreadable extends Error {
  override name = "BackupUnreadable";
}

export const WRONG_KEY =
  "this backup was encrypted with a different key: set BACKUP_ENCRYPTION_KEY to the key it was made with";
export const TAMPERED =
  "this backup is damaged or was changed after it was made (its encryption check failed): use another copy";

const keyCheck = (key: Buffer, iv: Buffer) =>
  createHmac("sha256", key).update("mjc backup key check").update(iv).digest().subarray(0, CHECK_BYTES);

/** BACKUP_ENCRYPTION_KEY: 64 hex characters or base64 of 32 bytes. */
export function parseBackupKey(value: string): Buffer | string {
  const hex = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : undefined;
  const key = hex ?? Buffer.from(value, "base64");
  return key.length === 32 ? key : "must be 32 bytes: 64 hex characters or base64 (openssl rand -base64 32)";
}

export interface ArchiveEntry {
  /** Path inside the archive. */
  name: string;
  /** File on disk to copy in. */
  source: string;
}

/** All files under `dir` as archive entries under `prefix`; none when the folder is absent. */
export async function folderEntries(dir: string, prefix: string): Promise<ArchiveEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  const entries: ArchiveEntry[] = [];
  for (const name of names.sort()) {
    const source = path.join(dir, name);
    if ((await stat(source)).isFile()) entries.push({ name: path.posix.join(prefix, ...name.split(path.sep)), source });
  }
  return entries;
}

/** Writes the archive to `file` and returns its size and SHA-256. */
export async function writeArchive(
  file: string,
  entries: ArchiveEntry[],
  key?: Buffer,
): Promise<{ size: number; sha256: string }> {
  const pack = tar.pack();
  const hash = createHash("sha256");
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const stages: NodeJS.ReadWriteStream[] = [createGzip({ level: 6 })];
  if (key) {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const header = Buffer.concat([MAGIC, iv, keyCheck(key, iv)]);
    cipher.setAAD(header);
    let headerSent = false;
    stages.push(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          const out = cipher.update(chunk);
          done(null, headerSent ? out : ((headerSent = true), Buffer.concat([header, out])));
        },
        flush(done) {
          const tail = Buffer.concat([cipher.final(), cipher.getAuthTag()]);
          done(null, headerSent ? tail : Buffer.concat([header, tail]));
        },
      }),
    );
  }
  // tar-stream's streams are streamx streams: Node's pipeline drives them, its types do not name them.
  const written = pipeline([
    pack as unknown as NodeJS.ReadableStream,
    ...stages,
    measure,
    // Owner-only: a backup holds every lead (and, encrypted, the sign-in secret).
    createWriteStream(file, { flags: "wx", mode: 0o600 }),
  ]);
  for (const entry of entries) {
    const info = await stat(entry.source);
    await new Promise<void>((resolve, reject) => {
      const sink = pack.entry({ name: entry.name, size: info.size, mtime: info.mtime }, (error) =>
        error ? reject(error) : resolve(),
      );
      createReadStream(entry.source).on("error", reject).pipe(sink);
    });
  }
  pack.finalize();
  await written;
  const handle = await open(file, "r");
  await handle.sync();
  await handle.close();
  return { size, sha256: hash.digest("hex") };
}

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readTail(file: string, size: number, bytes: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const tail = Buffer.alloc(bytes);
    await handle.read(tail, 0, bytes, size - bytes);
    return tail;
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks the archive into `dir`. An encrypted archive needs its key: a different key is told
 * apart by the key check, and a changed byte fails the GCM tag check at the end (the caller
 * must then discard `dir`). Every failure is a BackupUnreadable saying what to do.
 */
export async function extractArchive(file: string, dir: string, key?: Buffer): Promise<void> {
  const { size } = await stat(file);
  const head = await readHead(file, MAGIC.length + IV_BYTES + CHECK_BYTES);
  const magic = head.subarray(0, MAGIC.length);
  const version = magic.equals(MAGIC) ? 2 : magic.equals(MAGIC_V1) ? 1 : 0;
  const stages: NodeJS.ReadWriteStream[] = [];
  let source: NodeJS.ReadableStream;
  let failure: string;
  if (version > 0) {
    if (!key) {
      throw new BackupUnreadable("this backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with");
    }
    const headerBytes = MAGIC.length + IV_BYTES + (version === 2 ? CHECK_BYTES : 0);
    if (size < headerBytes + TAG_BYTES) throw new BackupUnreadable(TAMPERED);
    const iv = head.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    if (version === 2) {
      const check = head.subarray(MAGIC.length + IV_BYTES, headerBytes);
      if (!timingSafeEqual(check, keyCheck(key, iv))) throw new BackupUnreadable(WRONG_KEY);
      decipher.setAAD(head.subarray(0, headerBytes));
      failure = TAMPERED;
    } else {
      // The first format cannot tell a wrong key from a damaged file.
      failure =
        "this backup could not be decrypted: BACKUP_ENCRYPTION_KEY is not the key it was made with, or the file is damaged";
    }
    decipher.setAuthTag(await readTail(file, size, TAG_BYTES));
    source = createReadStream(file, { start: headerBytes, end: size - TAG_BYTES - 1 });
    stages.push(decipher);
  } else {
    source = createReadStream(file);
    failure = "this file is not a readable backup: it is damaged, or not an archive made by npm run backup";
  }
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    // A damaged archive also fails the entry being read; the pipeline's rejection below reports it.
    stream.on("error", () => undefined);
    const target = path.resolve(dir, header.name);
    if (!target.startsWith(path.resolve(dir) + path.sep) || header.type !== "file") {
      stream.resume();
      stream.on("end", next);
      return;
    }
    void mkdir(path.dirname(target), { recursive: true }).then(
      () =>
        pipeline(stream, createWriteStream(target)).then(
          () => next(),
          (error: unknown) => next(error as Error),
        ),
      (error: unknown) => next(error as Error),
    );
  });
  try {
    await pipeline([source, ...stages, createGunzip(), extract as unknown as NodeJS.WritableStream]);
  } catch (error) {
    // Disk full or a missing folder are the machine's problems, not the archive's.
    if (isSystemError(error)) throw error;
    throw new BackupUnreadable(failure, { cause: error });
  }
}

function isSystemError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // ENOSPC, EACCES…; zlib's (Z_DATA_ERROR) and OpenSSL's (ERR_…) are the archive's.
  return typeof code === "string" && /^E[A-Z]+$/.test(code);
}
