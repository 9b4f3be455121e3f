import { describe, expect, it } from "vitest";
import { backupName } from "./backup-retention";
import {
  describeOffsiteError,
  normalisePrefix,
  offsiteToRemove,
  readListing,
  remoteFile,
} from "./backup-offsite.server";

const hour = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.UTC(2026, 10, 27, 12) - hoursAgo * hour);
/** The bucket's objects for complete copies (archive and .sha256) made `hoursAgo`. */
const objects = (prefix: string, ...hoursAgo: number[]) =>
  hoursAgo.flatMap((h) => {
    const name = backupName(at(h), true);
    return [
      { key: `${prefix}${name}`, size: 1000 + h },
      { key: `${prefix}${name}.sha256`, size: 90 },
    ];
  });

describe("off-site copies", () => {
  it("take a folder in the bucket however it is written", () => {
    expect(normalisePrefix(undefined)).toBe("");
    expect(normalisePrefix("")).toBe("");
    expect(normalisePrefix("mila")).toBe("mila/");
    expect(normalisePrefix("/mila/site/")).toBe("mila/site/");
  });

  it("count a copy only once its checksum file is there, newest first, and only in their own folder", () => {
    const unfinished = backupName(at(0), true);
    const listing = readListing(
      [
        ...objects("mila/", 5, 1, 3),
        { key: `mila/${unfinished}`, size: 10 },
        ...objects("other-site/", 0.5),
        ...objects("mila/old/", 0.5),
        { key: "mila/notes.txt", size: 3 },
      ],
      "mila/",
    );
    expect(listing.copies.map((copy) => copy.name)).toEqual([1, 3, 5].map((h) => backupName(at(h), true)));
    expect(listing.copies[0]).toMatchObject({ size: 1001, createdAt: at(1) });
    expect(listing.incomplete).toEqual([unfinished]);
  });

  it("are pruned by the same rules as the local folder: 24 hourly copies, then one a day", () => {
    const hourly = Array.from({ length: 48 }, (_, h) => h);
    const listing = readListing(objects("", ...hourly), "");
    const removed = new Set(offsiteToRemove(listing));
    for (let h = 0; h < 24; h++) expect(removed.has(backupName(at(h), true)), `${h} hours old`).toBe(false);
    // Of the second day only the newest of each calendar day stays.
    const kept = hourly.filter((h) => !removed.has(backupName(at(h), true)));
    expect(kept.length).toBeLessThan(48);
    expect(kept.length).toBeGreaterThan(24);
  });

  it("are never pruned by a site from before its own first backup: a restored site keeps the copies it came from", () => {
    const hourly = Array.from({ length: 48 }, (_, h) => h);
    const listing = readListing(objects("", ...hourly), "");
    // Restored from these copies; its own backups began 5 hours ago.
    const removed = offsiteToRemove(listing, at(5));
    expect(removed).toEqual([]);
    // A site whose backups began long ago prunes as before.
    expect(offsiteToRemove(listing, at(100))).toEqual(offsiteToRemove(listing));
  });

  it("remove an unfinished upload only once a newer copy is complete", () => {
    const older = backupName(at(3), true);
    const newer = backupName(at(0), true);
    const listing = readListing([...objects("", 1), { key: older, size: 1 }, { key: newer, size: 1 }], "");
    expect(offsiteToRemove(listing)).toEqual([older]);
  });

  it("name a file on an rclone remote whether or not the remote has a folder", () => {
    expect(remoteFile("b2:mila-backups/site", "x")).toBe("b2:mila-backups/site/x");
    expect(remoteFile("b2:mila-backups/site/", "x")).toBe("b2:mila-backups/site/x");
    expect(remoteFile("b2:", "x")).toBe("b2:x");
  });

  it("explain the storage service's refusals in terms of the settings that fix them", () => {
    const settings = { bucket: "coach", endpoint: "https://s3.example.test" };
    expect(describeOffsiteError(Object.assign(new Error("x"), { name: "NoSuchBucket" }), settings)).toBe(
      'the bucket "coach" does not exist at https://s3.example.test (BACKUP_S3_BUCKET)',
    );
    expect(describeOffsiteError(Object.assign(new Error("denied"), { name: "InvalidAccessKeyId" }), settings)).toMatch(
      /refused the access key \(BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY\)/,
    );
    expect(describeOffsiteError(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }), settings)).toMatch(
      /could not reach https:\/\/s3\.example\.test \(ECONNREFUSED\): check BACKUP_S3_ENDPOINT/,
    );
    expect(describeOffsiteError(Object.assign(new Error("write"), { code: "EPIPE" }), settings)).toMatch(
      /the connection to https:\/\/s3\.example\.test broke off \(EPIPE\)/,
    );
    expect(describeOffsiteError(Object.assign(new Error("x"), { name: "AccessDenied" }), { bucket: "coach" })).toMatch(
      /AWS S3 denied access to the bucket "coach"/,
    );
  });
});
