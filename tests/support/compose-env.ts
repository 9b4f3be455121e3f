import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

const root = path.resolve(import.meta.dirname, "../..");

interface Service {
  environment?: Record<string, string | number>;
  volumes?: string[];
  command?: string[];
}

/**
 * A service's environment as `docker compose` gives it: the image's ENV lines (deploy/Dockerfile)
 * under the compose file's own (YAML anchors merged), with `${VAR}`, `${VAR:-default}` and
 * `${VAR:?message}` filled from the settings file (deploy/.env); a required one missing throws as
 * compose refuses to start. `$$` is a literal `$`.
 */
export function composeEnvironment(service: string, settings: Record<string, string>): Record<string, string> {
  const compose = parse(readFileSync(path.join(root, "deploy/compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, Service>;
  };
  const found = compose.services[service];
  if (!found) throw new Error(`no service ${service} in deploy/compose.yaml`);
  const image: Record<string, string> = {};
  for (const [, pairs] of readFileSync(path.join(root, "deploy/Dockerfile"), "utf8").matchAll(/^ENV (.+)$/gm)) {
    for (const [, name, value] of (pairs ?? "").matchAll(/([A-Z_]+)=(\S+)/g)) image[name!] = value!;
  }
  const interpolate = (value: string) =>
    value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (whole, name?: string, op?: string, rest = "") => {
      if (whole === "$$") return "$";
      const set = settings[name!];
      if (set !== undefined && set !== "") return set;
      if (op === ":?") throw new Error(`compose refuses to start ${service}: ${rest}`);
      return op === ":-" ? rest : "";
    });
  const environment = Object.fromEntries(
    Object.entries(found.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
  );
  return { ...image, ...environment };
}

/** The service's mounts: container path → volume name. */
export function composeMounts(service: string): Record<string, string> {
  const compose = parse(readFileSync(path.join(root, "deploy/compose.yaml"), "utf8"), { merge: true }) as {
    services: Record<string, Service>;
  };
  return Object.fromEntries(
    (compose.services[service]?.volumes ?? []).map((mount) => {
      const [volume = "", target = ""] = mount.split(":");
      return [target, volume];
    }),
  );
}
