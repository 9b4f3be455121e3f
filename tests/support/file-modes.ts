import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Every file or folder under `root` (itself included) that its group or anyone else may read, write or enter, with its mode. */
export function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) found.push(`${path.relative(root, entry) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}
