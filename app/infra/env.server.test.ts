import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const KEY = Buffer.alloc(32, 7).toString("base64");
const s3 = {
  BACKUP_S3_BUCKET: "coach-backups",
  BACKUP_S3_ENDPOINT: "https://s3.eu-central-003.backblazeb2.com",
  BACKUP_S3_ACCESS_KEY_ID: "key-id",
  BACKUP_S3_SECRET_ACCESS_KEY: "key-secret",
};

describe("off-site backup settings", () => {
  it("refuse to start without an encryption key, naming it", () => {
    expect(() => parseEnv(s3)).toThrow(/BACKUP_ENCRYPTION_KEY: required when BACKUP_S3_BUCKET is set/);
  });

  it("refuse half a configuration, naming what is missing", () => {
    expect(() => parseEnv({ BACKUP_S3_ENDPOINT: s3.BACKUP_S3_ENDPOINT })).toThrow(
      /BACKUP_S3_BUCKET: required when BACKUP_S3_ENDPOINT is set/,
    );
    expect(() => parseEnv({ ...s3, BACKUP_ENCRYPTION_KEY: KEY, BACKUP_S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /BACKUP_S3_SECRET_ACCESS_KEY: required when BACKUP_S3_ACCESS_KEY_ID is set/,
    );
    expect(() => parseEnv({ ...s3, BACKUP_ENCRYPTION_KEY: KEY, BACKUP_S3_PATH_STYLE: "sometimes" })).toThrow(
      /BACKUP_S3_PATH_STYLE: must be true or false/,
    );
  });

  it("take an rclone remote instead of a bucket, never both, and also only with a key", () => {
    expect(() => parseEnv({ BACKUP_RCLONE_REMOTE: "b2:mila-backups/site" })).toThrow(
      /BACKUP_ENCRYPTION_KEY: required when BACKUP_RCLONE_REMOTE is set/,
    );
    expect(() => parseEnv({ ...s3, BACKUP_ENCRYPTION_KEY: KEY, BACKUP_RCLONE_REMOTE: "b2:mila" })).toThrow(
      /BACKUP_RCLONE_REMOTE: set either it or the BACKUP_S3_\* settings, not both/,
    );
    expect(() => parseEnv({ BACKUP_ENCRYPTION_KEY: KEY, BACKUP_RCLONE_REMOTE: "/srv/backups" })).toThrow(
      /BACKUP_RCLONE_REMOTE: must be an rclone remote and path/,
    );
    expect(parseEnv({ BACKUP_ENCRYPTION_KEY: KEY, BACKUP_RCLONE_REMOTE: "b2:mila" }).BACKUP_RCLONE_REMOTE).toBe(
      "b2:mila",
    );
  });

  it("accept a complete one, with the region defaulted", () => {
    const env = parseEnv({ ...s3, BACKUP_ENCRYPTION_KEY: KEY, BACKUP_S3_PATH_STYLE: "false" });
    expect(env).toMatchObject({
      BACKUP_S3_BUCKET: "coach-backups",
      BACKUP_S3_REGION: "us-east-1",
      BACKUP_S3_PATH_STYLE: false,
    });
    expect(parseEnv({}).BACKUP_S3_BUCKET).toBeUndefined();
  });
});

describe("limits on forms held for review", () => {
  it("have defaults that bound a day and leave one network a small share of it", () => {
    const env = parseEnv({});
    expect(env.HELD_LIMIT_PER_DAY).toBeGreaterThan(0);
    expect(env.HELD_LIMIT_PER_NETWORK_PER_DAY).toBeGreaterThan(0);
    expect(env.HELD_LIMIT_PER_NETWORK_PER_DAY).toBeLessThan(env.HELD_LIMIT_PER_DAY);
  });

  it("refuse a value that is not a positive whole number, naming the variable", () => {
    for (const bad of ["0", "-1", "2.5", "many"]) {
      expect(() => parseEnv({ HELD_LIMIT_PER_DAY: bad })).toThrow(/HELD_LIMIT_PER_DAY/);
      expect(() => parseEnv({ HELD_LIMIT_PER_NETWORK_PER_DAY: bad })).toThrow(/HELD_LIMIT_PER_NETWORK_PER_DAY/);
    }
  });

  it("refuse a network share larger than the whole day's", () => {
    expect(() => parseEnv({ HELD_LIMIT_PER_DAY: "10", HELD_LIMIT_PER_NETWORK_PER_DAY: "11" })).toThrow(
      /HELD_LIMIT_PER_NETWORK_PER_DAY: must not be more than HELD_LIMIT_PER_DAY/,
    );
    expect(parseEnv({ HELD_LIMIT_PER_DAY: "10", HELD_LIMIT_PER_NETWORK_PER_DAY: "10" }).HELD_LIMIT_PER_DAY).toBe(10);
  });
});

describe("the message engine's lease", () => {
  it("defaults to five minutes and refuses one too short for a hand-over, naming the variable", () => {
    expect(parseEnv({}).MESSAGE_LEASE_MS).toBe(300_000);
    expect(parseEnv({ MESSAGE_LEASE_MS: "5000" }).MESSAGE_LEASE_MS).toBe(5_000);
    for (const bad of ["0", "999", "2.5", "soon"]) {
      expect(() => parseEnv({ MESSAGE_LEASE_MS: bad })).toThrow(/MESSAGE_LEASE_MS/);
    }
  });
});
