import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The BACKUP_S3_* settings that point the site at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects on disk (a test may damage one). */
  directory: string;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver: objects on disk, S3's XML API, access keys) on loopback,
 * with one empty bucket. Its access key is S3RVER / S3RVER.
 *
 * Signatures are not compared: s3rver signs a bucket-level request (a listing) over `/bucket`
 * where AWS SDK v3 signs `/bucket/`, so every listing would fail. The access key id is still
 * checked, and everything else is S3's own behaviour.
 */
export async function startS3(bucket = "coach-backups"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    allowMismatchedSignatures: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_BUCKET: bucket,
      BACKUP_S3_REGION: "us-east-1",
      BACKUP_S3_ACCESS_KEY_ID: "S3RVER",
      BACKUP_S3_SECRET_ACCESS_KEY: "S3RVER",
      BACKUP_S3_PREFIX: "mila/",
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
