import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { backupsToKeep, backupTime } from "./backup-retention";

/**
 * Off-site copies: every backup also goes to S3-compatible object storage (AWS S3, Backblaze B2,
 * Hetzner, Wasabi, MinIO…) or to any rclone remote, as `<prefix><name>` with
 * `<prefix><name>.sha256` written after it. A copy counts only once its `.sha256` is there, so an
 * upload cut off halfway is never taken for a good copy. The same retention as the local folder
 * applies (decision 048).
 *
 * The AWS SDK is imported when an S3 store is opened, never when this module is: pages and the
 * sites that do not copy off-site never load it.
 */

export type OffsiteSettings = S3Settings | RcloneSettings;

export interface RcloneSettings {
  kind: "rclone";
  /** An rclone remote and folder, `name:path` (configured with `rclone config` for the site's user). */
  remote: string;
  /** The rclone program; unset: `rclone` on PATH. */
  command?: string;
}

export interface S3Settings {
  kind: "s3";
  bucket: string;
  /** "" or a folder ending in "/". */
  prefix: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export interface OffsiteCopy {
  name: string;
  createdAt: Date;
  size: number;
}

export interface OffsiteListing {
  /** Complete copies (archive and checksum), newest first. */
  copies: OffsiteCopy[];
  /** Archives whose checksum file never arrived. */
  incomplete: string[];
}

export interface OffsiteStore {
  /** Where the copies go, for messages: `s3://bucket/prefix`, never a credential. */
  readonly where: string;
  upload(file: string, sha256: string): Promise<void>;
  list(): Promise<OffsiteListing>;
  /** Downloads a copy into `dir` (with its `.sha256` beside it) and checks it; returns the file. */
  download(name: string, dir: string): Promise<string>;
  remove(name: string): Promise<void>;
}

export class OffsiteCopyDamaged extends Error {
  override name = "OffsiteCopyDamaged";
}

/** Where the copies go, for messages: `s3://bucket/prefix` or the rclone remote, never a credential. */
export const offsiteWhere = (settings: OffsiteSettings) =>
  settings.kind === "s3" ? `s3://${settings.bucket}/${normalisePrefix(settings.prefix)}` : settings.remote;

/** `backups/` from "backups", "/backups/" or "backups/"; "" for none. */
export function normalisePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed ? `${trimmed}/` : "";
}

/** Sorts the bucket's objects under the prefix into complete copies and unfinished uploads. */
export function readListing(objects: { key: string; size: number }[], prefix: string): OffsiteListing {
  const names = new Map<string, number>();
  const sums = new Set<string>();
  for (const { key, size } of objects) {
    if (!key.startsWith(prefix)) continue;
    const name = key.slice(prefix.length);
    if (name.includes("/")) continue;
    if (name.endsWith(".sha256")) sums.add(name.slice(0, -".sha256".length));
    else if (backupTime(name)) names.set(name, size);
  }
  const copies: OffsiteCopy[] = [];
  const incomplete: string[] = [];
  for (const [name, size] of names) {
    if (sums.has(name)) copies.push({ name, size, createdAt: backupTime(name)! });
    else incomplete.push(name);
  }
  copies.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return { copies, incomplete: incomplete.sort() };
}

/**
 * What pruning removes: the copies the retention rules no longer keep, and unfinished uploads
 * older than the newest complete copy (a newer one may still be on its way). Only copies made
 * since `since`, this site's first backup: older ones were made before its disk (a restored site
 * came from them) and stay until someone removes them (docs/runbook.md, "Lost disk").
 */
export function offsiteToRemove(listing: OffsiteListing, since?: Date): string[] {
  const keep = backupsToKeep(listing.copies);
  const newest = listing.copies[0]?.createdAt.getTime() ?? -Infinity;
  const own = (createdAt: Date) => since === undefined || createdAt >= since;
  return [
    ...listing.copies.filter((copy) => !keep.has(copy.name) && own(copy.createdAt)).map((copy) => copy.name),
    ...listing.incomplete.filter((name) => (backupTime(name)?.getTime() ?? 0) < newest),
  ];
}

/** Error texts from the storage service, told in terms of the settings that fix them. */
export function describeOffsiteError(error: unknown, settings: Pick<S3Settings, "bucket" | "endpoint">): string {
  const { name = "", message = String(error) } = (error ?? {}) as { name?: string; message?: string };
  const code = (error as { code?: string } | undefined)?.code;
  const where = settings.endpoint ?? "AWS S3";
  if (name === "NoSuchBucket") return `the bucket "${settings.bucket}" does not exist at ${where} (BACKUP_S3_BUCKET)`;
  if (["InvalidAccessKeyId", "SignatureDoesNotMatch", "InvalidToken", "ExpiredToken"].includes(name)) {
    return `${where} refused the access key (BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY): ${message}`;
  }
  if (name === "AccessDenied") {
    return `${where} denied access to the bucket "${settings.bucket}": the key needs to list, read, write and delete objects there`;
  }
  const system = code ?? name;
  if (["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "TimeoutError"].includes(system)) {
    return `could not reach ${where} (${system}): check BACKUP_S3_ENDPOINT and the network`;
  }
  if (["ECONNRESET", "EPIPE"].includes(system)) {
    return `the connection to ${where} broke off (${system}); the copy is tried again at the next check`;
  }
  return name && name !== "Error" ? `${name}: ${message}` : message;
}

async function fileMd5(file: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return hash.digest("base64");
}

const sidecar = (sha256: string, name: string) => `${sha256}  ${name}\n`;

export async function openOffsiteStore(settings: OffsiteSettings): Promise<OffsiteStore> {
  return settings.kind === "s3" ? openS3Store(settings) : rcloneStore(settings);
}

export async function openS3Store(settings: S3Settings): Promise<OffsiteStore> {
  const s3 = await import("@aws-sdk/client-s3");
  const client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Several S3-compatible services refuse the checksum headers and trailers the SDK adds by
    // default; uploads carry Content-MD5 instead, which every one of them checks.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    maxAttempts: 3,
  });
  const { bucket } = settings;
  const prefix = normalisePrefix(settings.prefix);
  const key = (name: string) => `${prefix}${name}`;
  const fail = (error: unknown): never => {
    throw new Error(describeOffsiteError(error, settings), { cause: error });
  };
  const text = async (name: string) => {
    const got = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key(name) })).catch(fail);
    return got.Body ? await got.Body.transformToString() : "";
  };

  return {
    where: offsiteWhere(settings),
    async upload(file, sha256) {
      const name = path.basename(file);
      // Content-MD5 lets the service check what arrived, and buckets with a default Object Lock
      // retention require it.
      const md5 = await fileMd5(file);
      await client
        .send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key(name),
            Body: createReadStream(file),
            ContentLength: (await stat(file)).size,
            ContentMD5: md5,
            ContentType: "application/octet-stream",
            Metadata: { sha256 },
          }),
        )
        .catch(fail);
      const sum = Buffer.from(sidecar(sha256, name));
      await client
        .send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key(`${name}.sha256`),
            Body: sum,
            ContentMD5: createHash("md5").update(sum).digest("base64"),
            ContentType: "text/plain",
          }),
        )
        .catch(fail);
    },
    async list() {
      const objects: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client
          .send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }))
          .catch(fail);
        for (const item of page.Contents ?? []) if (item.Key) objects.push({ key: item.Key, size: item.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return readListing(objects, prefix);
    },
    async download(name, dir) {
      if (!backupTime(name)) throw new Error(`"${name}" is not the name of a backup (backup-…tar.gz[.enc])`);
      const expected = (await text(`${name}.sha256`)).split(/\s+/)[0] ?? "";
      const file = path.join(dir, name);
      const got = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key(name) })).catch(fail);
      if (!got.Body) throw new OffsiteCopyDamaged(`${name} is empty off-site`);
      const hash = createHash("sha256");
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(got.Body as Readable, tap, createWriteStream(file, { mode: 0o600 }));
      const actual = hash.digest("hex");
      if (actual !== expected) {
        throw new OffsiteCopyDamaged(`${name} off-site does not match its .sha256 file: the copy is damaged`);
      }
      await writeFile(`${file}.sha256`, sidecar(expected, name), { mode: 0o600 });
      return file;
    },
    async remove(name) {
      // The checksum first: a copy half removed is an unfinished one, never a complete one.
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key(`${name}.sha256`) })).catch(fail);
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key(name) })).catch(fail);
    },
  };
}

/** `remote:path` and a file name: `b2:bucket/site` + `x` is `b2:bucket/site/x`, `b2:` + `x` is `b2:x`. */
export function remoteFile(remote: string, name: string): string {
  return /[:/]$/.test(remote) ? `${remote}${name}` : `${remote}/${name}`;
}

/** rclone's exit code for a folder that does not exist (an object store's before its first copy). */
const RCLONE_DIR_NOT_FOUND = 3;

class RcloneFailed extends Error {
  constructor(
    readonly exitCode: number | null,
    message: string,
  ) {
    super(message);
  }
}

function runRclone(command: string, args: string[], remote: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`rclone is not installed (BACKUP_RCLONE_REMOTE is set): install it, e.g. apt-get install rclone`)
          : error,
      ),
    );
    child.on("exit", (code) => {
      if (code === 0) return resolve(Buffer.concat(out).toString("utf8"));
      // Its last error line says what went wrong; the NOTICE lines before it do not.
      const lines = err.split("\n").filter((line) => line.trim() && !/\bNOTICE\b/.test(line));
      const last = (lines.at(-1) ?? "").replace(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} /, "");
      reject(
        new RcloneFailed(
          code,
          `rclone ${args[0]} failed (exit ${code}): ${last}; check BACKUP_RCLONE_REMOTE (${remote}) and the remote's configuration (rclone config)`,
        ),
      );
    });
  });
}

function rcloneStore(settings: RcloneSettings): OffsiteStore {
  const command = settings.command ?? "rclone";
  const rclone = (...args: string[]) => runRclone(command, args, settings.remote);
  const at = (name: string) => remoteFile(settings.remote, name);
  return {
    where: settings.remote,
    async upload(file, sha256) {
      const name = path.basename(file);
      await rclone("copyto", file, at(name));
      const dir = await mkdtemp(path.join(tmpdir(), "offsite-sum-"));
      try {
        await writeFile(path.join(dir, "sum"), sidecar(sha256, name));
        await rclone("copyto", path.join(dir, "sum"), at(`${name}.sha256`));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async list() {
      let text: string;
      try {
        text = await rclone("lsjson", "--files-only", "--no-mimetype", settings.remote);
      } catch (error) {
        if (error instanceof RcloneFailed && error.exitCode === RCLONE_DIR_NOT_FOUND)
          return { copies: [], incomplete: [] };
        throw error;
      }
      const items = JSON.parse(text) as { Path: string; Size: number }[];
      return readListing(
        items.map((item) => ({ key: item.Path, size: item.Size })),
        "",
      );
    },
    async download(name, dir) {
      if (!backupTime(name)) throw new Error(`"${name}" is not the name of a backup (backup-…tar.gz[.enc])`);
      const expected = (await rclone("cat", at(`${name}.sha256`))).split(/\s+/)[0] ?? "";
      const file = path.join(dir, name);
      await rclone("copyto", at(name), file);
      await chmod(file, 0o600);
      const hash = createHash("sha256");
      await pipeline(createReadStream(file), hash);
      if (hash.digest("hex") !== expected) {
        throw new OffsiteCopyDamaged(`${name} off-site does not match its .sha256 file: the copy is damaged`);
      }
      await writeFile(`${file}.sha256`, sidecar(expected, name), { mode: 0o600 });
      return file;
    },
    async remove(name) {
      await rclone("deletefile", at(`${name}.sha256`));
      await rclone("deletefile", at(name));
    },
  };
}

/**
 * Uploads one backup, then applies the retention rules off-site to the copies made since `since`
 * (offsiteToRemove); returns what was pruned. The
 * listing comes first: a missing bucket or a key without rights fails before a large upload.
 */
export async function copyOffsite(store: OffsiteStore, file: string, sha256: string, since?: Date): Promise<string[]> {
  const before = await store.list();
  await store.upload(file, sha256);
  const name = path.basename(file);
  const copy = { name, createdAt: backupTime(name) ?? new Date(), size: (await stat(file)).size };
  const removed = offsiteToRemove(
    {
      copies: [copy, ...before.copies.filter((other) => other.name !== name)].sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
      ),
      incomplete: before.incomplete.filter((other) => other !== name),
    },
    since,
  );
  for (const old of removed) await store.remove(old);
  return removed;
}

/**
 * Downloads the newest copy that arrives intact into `dir`. A copy whose checksum does not
 * match is skipped (and said so) for the next older one; any other failure stops.
 */
export async function downloadNewestGood(
  store: OffsiteStore,
  dir: string,
  log: (message: string) => void,
): Promise<string> {
  const { copies } = await store.list();
  if (copies.length === 0) throw new Error(`there is no complete backup at ${store.where}`);
  for (const copy of copies) {
    try {
      log(`downloading ${copy.name} (${(copy.size / 1_048_576).toFixed(1)} MB) from ${store.where}`);
      return await store.download(copy.name, dir);
    } catch (error) {
      if (!(error instanceof OffsiteCopyDamaged)) throw error;
      log(`${error.message}; trying the next older copy`);
    }
  }
  throw new Error(`none of the ${copies.length} copies at ${store.where} is intact`);
}
