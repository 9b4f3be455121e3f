import { startServer, type RunningServer } from "../support/server";

/**
 * Servers (and stand-ins such as a local SMTP server) that a test file needs of its own, because its
 * tests change what every visitor sees or count what only they made. Each is made once per worker
 * process under the file's key, the first time a test there asks for it, and stopped when the
 * worker ends.
 *
 * Why one registry instead of a worker fixture per file: Playwright gives every distinct set of
 * worker fixtures worker processes of their own, so seven files with a server fixture each needed
 * about twenty workers in a run, each with a new Chromium and a new signed-in trainer. With this
 * one worker fixture (`ownServers` in fixtures.ts) every file has the same set and workers are
 * shared; only the servers stay per file.
 */
export class OwnServers {
  private readonly started = new Map<string, Promise<unknown>>();
  private readonly stops: (() => Promise<unknown>)[] = [];

  /** The thing made under `key` in this worker, made by `start` the first time. */
  shared<T>(key: string, start: () => Promise<T>, stop: (value: T) => Promise<unknown>): Promise<T> {
    const known = this.started.get(key) as Promise<T> | undefined;
    if (known) return known;
    const made = start();
    this.started.set(key, made);
    // A start that failed is not kept: the next test tries again (and fails with its own message).
    made.then(
      (value) => this.stops.push(() => stop(value)),
      () => this.started.delete(key),
    );
    return made;
  }

  /**
   * The built server (what `npm start` runs) with a migrated database of its own and the limits
   * for form and post requests raised (a test file's visitors all come from one address), once per key.
   */
  server(key: string, env: Record<string, string> = {}): Promise<RunningServer> {
    return this.shared(
      key,
      () =>
        startServer({
          RATE_LIMIT_FORMS_PER_MINUTE: "100000",
          RATE_LIMIT_POSTS_PER_MINUTE: "100000",
          ...env,
        }),
      (server) => server.stop(),
    );
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
    this.started.clear();
  }
}

/** A server start is slow on a loaded 2-core machine: fixtures that make one have this limit of their own. */
export const SERVER_START = { timeout: 180_000 } as const;
