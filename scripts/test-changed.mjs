// `npm run test:changed [-- <git ref>]`: the tests of what changed since the ref (default HEAD, so the
// uncommitted changes, untracked files included), mapped by tests/affected.mjs. Type-check, lint and
// format over the changed files and the unit and component tests that import them (Vitest's
// `related`) side by side with the build; then the integration files and the browser specs of the
// areas touched. A change to a shared part (tests/affected.mjs's EVERYTHING), or to a path no area
// claims, runs the whole `npm test`. CI always runs everything.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { AREAS, EVERYTHING, NOTHING } from "../tests/affected.mjs";
import { check, finish, playwright, tool, vitest } from "./test-stages.mjs";

const base = process.argv[2] ?? "HEAD";
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).split("\n").filter(Boolean);
const changed = [
  ...new Set([...git("diff", "--name-only", base), ...git("ls-files", "--others", "--exclude-standard")]),
];

const glob = (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}`);
const matches = (path, pattern) => (pattern instanceof RegExp ? pattern.test(path) : glob(pattern).test(path));

const e2e = new Set();
const integration = new Set();
const everything = [];
for (const path of changed) {
  if (NOTHING.some((p) => matches(path, p))) continue;
  const spec = path.match(/^tests\/e2e\/([\w-]+)\.spec\.ts$/);
  const file = path.match(/^tests\/integration\/([\w-]+)\.test\.ts$/);
  if (spec) e2e.add(spec[1]);
  else if (file) integration.add(file[1]);
  else if (/\.test\.tsx?$/.test(path) && !path.startsWith("tests/"))
    continue; // a unit or component test: `related` runs it
  else if (EVERYTHING.some((p) => matches(path, p))) everything.push(path);
  else {
    const areas = AREAS.filter((area) => area.paths.some((p) => matches(path, p)));
    if (areas.length === 0) everything.push(path);
    for (const area of areas) {
      area.e2e.forEach((name) => e2e.add(name));
      area.integration.forEach((name) => integration.add(name));
    }
  }
}

if (everything.length) {
  console.log(
    `test:changed: ${everything.slice(0, 5).join(", ")}${everything.length > 5 ? ", …" : ""} reach every page: the whole suite runs.`,
  );
  process.exit(spawnSync("npm", ["test"], { stdio: "inherit" }).status ?? 1);
}
const specs = [...e2e].map((name) => `tests/e2e/${name}.spec.ts`).filter(existsSync);
const files = [...integration].map((name) => `tests/integration/${name}.test.ts`).filter(existsSync);
console.log(
  `test:changed since ${base}: ${changed.length} files; integration: ${files.join(" ") || "none"}; browser: ${specs.join(" ") || "none"}`,
);

const started = Date.now();
const sources = changed.filter((path) => /\.(ts|tsx|mjs|js)$/.test(path) && existsSync(path));
const formatted = changed.filter((path) => existsSync(path));
const needsBuild = specs.length > 0 || files.length > 0;
const first = await Promise.all([
  check("type-check", "npm", ["run", "-s", "typecheck"]).then(
    async (typed) => typed && (!needsBuild || (await check("production build", "npm", ["run", "-s", "build"]))),
  ),
  sources.length
    ? check(
        "lint",
        ...tool("node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "--no-warn-ignored", ...sources),
      )
    : true,
  formatted.length
    ? check("format", ...tool("node_modules/prettier/bin/prettier.cjs", "--check", "--ignore-unknown", ...formatted))
    : true,
  sources.length
    ? vitest("unit and component tests of the change (Vitest related)", ["unit", "component"], undefined, [
        "related",
        "--run",
        "--passWithNoTests",
        "--project",
        "unit",
        "--project",
        "component",
        ...sources,
      ])
    : true,
]);
const built = first[0];
const integrated =
  built && files.length
    ? await vitest("integration tests of the change (Vitest)", ["integration"], undefined, [
        "run",
        "--project",
        "integration",
        ...files,
      ])
    : built;
const browsed = built && specs.length ? await playwright("browser tests of the change (Playwright)", specs) : built;
finish(first.every(Boolean) && integrated && browsed, started);
