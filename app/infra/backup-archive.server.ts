import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";

/**
 * A backup is one gzip'd tar (readable with `tar -xzf` when not encrypted). Encrypted, it is
 * MAGIC, a 12-byte IV, the AES-256-GCM ciphertext of that tar.gz and the 16-byte tag.
 */
const MAGIC = Buffer.from("MJCENC1\0");
const IV_BYTES = 12;
const TAG_BYTES = 16;

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
    const header = Buffer.concat([MAGIC, iv]);
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
    createWriteStream(file, { flags: "wx" }),
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

async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, MAGIC.length, 0);
    return head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks the archive into `dir`. An encrypted archive needs the key; a wrong key or a changed
 * byte fails the GCM tag check at the end, and the caller must then discard `dir`.
 */
export async function extractArchive(file: string, dir: string, key?: Buffer): Promise<void> {
  const stages: NodeJS.ReadWriteStream[] = [];
  let source: NodeJS.ReadableStream;
  if (await isEncrypted(file)) {
    if (!key) throw new Error("this backup is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with");
    const { size } = await stat(file);
    const handle = await open(file, "r");
    const iv = Buffer.alloc(IV_BYTES);
    const tag = Buffer.alloc(TAG_BYTES);
    await handle.read(iv, 0, IV_BYTES, MAGIC.length);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
    await handle.close();
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAuthTag(tag);
    source = createReadStream(file, { start: MAGIC.length + IV_BYTES, end: size - TAG_BYTES - 1 });
    stages.push(decipher);
  } else {
    source = createReadStream(file);
  }
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
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
  await pipeline([source, ...stages, createGunzip(), extract as unknown as NodeJS.WritableStream]);
}
