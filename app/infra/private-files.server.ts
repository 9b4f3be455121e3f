import { chmod, lstat, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Everything under the data directory and the backups (the database, the outbox's forms, the
 * sign-in secret, uploads, backup archives) is the site's alone: files 0600, folders 0700.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
const OTHERS = 0o077;

/** What this process makes from now on is private (the mask Node's own writes get). */
export function keepNewFilesPrivate(): void {
  process.umask(OTHERS);
}

/**
 * Takes group and world access off every file and folder under `root` (the folder itself too)
 * and returns how many it changed. Needed beside the mask: PGlite's file system sets its files'
 * modes itself (0666, whatever the mask). A missing root changes nothing; links are left alone.
 */
export async function makePrivate(root: string): Promise<number> {
  let changed = 0;
  const visit = async (entry: string): Promise<void> => {
    const stats = await lstat(entry).catch((error: NodeJS.ErrnoException) => {
      // Gone meanwhile (a PGlite temporary file, a backup pruned): nothing to protect.
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) {
      await chmod(entry, stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      changed++;
    }
    if (stats.isDirectory()) {
      for (const name of await readdir(entry).catch(() => [])) await visit(path.join(entry, name));
    }
  };
  await visit(path.resolve(root));
  return changed;
}
