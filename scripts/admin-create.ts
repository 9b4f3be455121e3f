/**
 * Creates a trainer account for the back office (there is no public sign-up).
 *
 *   npm run admin:create -- --email you@example.com [--name "Mila Jansen"] [--generate-password]
 *   npm run admin:create -- --email you@example.com --server http://localhost:3000
 *
 * Without --server it writes straight to the database (PostgreSQL from DATABASE_URL, or the
 * embedded database under DATA_DIR). The embedded database admits one process at a time, so
 * while the server is running on it, pass --server: the script then asks the running server,
 * signing the request with the shared secret (AUTH_SECRET or DATA_DIR/auth-secret); the server
 * accepts it only from the machine itself.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { parseEnv } from "~/infra/env.server";
import { createServices } from "../server/services";
import { AccountExistsError, createTrainerAccount } from "~/features/auth/accounts.server";
import { audit } from "~/features/auth/guard.server";
import { sendProvisionRequest } from "~/features/auth/provision";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string", default: "Trainer" },
    server: { type: "string" },
    "generate-password": { type: "boolean", default: false },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line without echoing it (TTY), or the first line of stdin (pipe). */
async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return "";
  }
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    let input = "";
    process.stdin.setRawMode(true);
    process.stdin.resume();
    process.stdin.setEncoding("utf8");
    const onData = (char: string) => {
      if (char === "\r" || char === "\n" || char === "\u0004") {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdin.off("data", onData);
        process.stdout.write("\n");
        resolve(input);
      } else if (char === "\u0003") {
        process.stdout.write("\n");
        process.exit(130);
      } else if (char === "\u007f") {
        input = input.slice(0, -1);
      } else {
        input += char;
      }
    };
    process.stdin.on("data", onData);
  });
}

async function choosePassword(): Promise<string | undefined> {
  if (values["generate-password"]) return undefined;
  const first = await readPassword("Password (at least 12 characters; leave empty for a one-time generated one): ");
  if (first === "") return undefined;
  if (first.length < 12) fail("The password needs at least 12 characters.");
  if (process.stdin.isTTY) {
    const again = await readPassword("Password again: ");
    if (again !== first) fail("The two passwords are not the same.");
  }
  return first;
}

function printResult(email: string, generated: string | undefined) {
  console.log(`Trainer account created for ${email}.`);
  if (generated) {
    console.log(`One-time password (shown once, change it under Security after signing in): ${generated}`);
  }
  console.log("Sign in at /admin/login; you will be asked to set up two-factor sign-in first.");
}

const email =
  values.email ??
  fail("Usage: npm run admin:create -- --email you@example.com [--name NAME] [--server URL] [--generate-password]");
const env = parseEnv(process.env);
const password = await choosePassword();

if (values.server) {
  const secretFile = path.resolve(env.DATA_DIR, "auth-secret");
  const secret =
    env.AUTH_SECRET ??
    (existsSync(secretFile)
      ? readFileSync(secretFile, "utf8").trim()
      : fail(`No AUTH_SECRET and no ${secretFile}: run this with the server's settings.`));
  const response = await sendProvisionRequest(values.server, secret, { email, name: values.name, password });
  const body = (await response.json().catch(() => ({}))) as { email?: string; password?: string; error?: string };
  if (!response.ok) fail(`The server refused (${response.status}): ${body.error ?? "no reason given"}`);
  printResult(body.email ?? email, body.password);
} else {
  const services = await createServices(env, { startOutbox: false });
  try {
    const account = await createTrainerAccount(services.auth, { email, name: values.name, password });
    await audit(services.database.db, {
      action: "account.created",
      userId: account.id,
      detail: { email: account.email, via: "cli" },
    });
    printResult(account.email, account.generated ? account.password : undefined);
  } catch (error) {
    if (error instanceof AccountExistsError) fail(error.message);
    throw error;
  } finally {
    await services.close();
  }
}
