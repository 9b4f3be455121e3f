import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for a browser's push service (what fcm.googleapis.com or web.push.apple.com are to a
 * real browser) and for the browser itself: it makes the subscription keys a browser would, and
 * for each delivery checks what a real push service checks, the VAPID JWT (ES256, audience,
 * expiry, subject) against the `k=` key, and then decrypts the payload as the browser would
 * (RFC 8291 `aes128gcm`). A delivery that fails a check is answered 400/401/403 and recorded.
 */
export interface PushDelivery {
  subscription: string;
  /** The decrypted notification, parsed as JSON. */
  message: unknown;
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  headers: { ttl: string | undefined; urgency: string | undefined };
}

export interface LocalPushService {
  /** A subscription as `PushSubscription.toJSON()` gives it; `gone` makes the service answer 410. */
  subscribe(options?: { gone?: boolean }): { endpoint: string; keys: { p256dh: string; auth: string } };
  deliveries: PushDelivery[];
  refusals: string[];
  /** Resolves with the next delivery to come in (or one already there beyond `seen`). */
  next(seen?: number, timeoutMs?: number): Promise<PushDelivery>;
  close(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");

interface Browser {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  gone: boolean;
}

/** The browser's side of RFC 8291: the content-encryption key and nonce from the ECDH secret. */
function decrypt(body: Buffer, browser: Browser): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("record larger than its record size");
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** Checks the `vapid t=…, k=…` header a push service requires; returns the claims. */
function checkVapid(authorization: string | undefined, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error("no VAPID authorization");
  const [, token, key] = match as unknown as [string, string, string];
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: "jwk",
  });
  const [header, payload, signature] = token.split(".") as [string, string, string];
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as PushDelivery["claims"];
  if (claims.aud !== audience) throw new Error(`audience ${claims.aud} is not ${audience}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error("expiry not within 24 hours");
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error("subject is not mailto: or https:");
  return { claims, key };
}

export async function startPushService(): Promise<LocalPushService> {
  const browsers = new Map<string, Browser>();
  const deliveries: PushDelivery[] = [];
  const refusals: string[] = [];
  /** Callers of next(): each returns true once its delivery is there. */
  const waiting = new Set<() => boolean>();
  let origin = "";

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = req.url?.replace(/^\/push\//, "") ?? "";
      const browser = browsers.get(id);
      if (req.method !== "POST" || !browser) return void res.writeHead(404).end();
      if (browser.gone) return void res.writeHead(410).end();
      try {
        const { claims, key } = checkVapid(req.headers.authorization, origin);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const plain = decrypt(Buffer.concat(chunks), browser);
        deliveries.push({
          subscription: id,
          message: JSON.parse(plain.toString("utf8")),
          vapidKey: key,
          claims,
          headers: { ttl: req.headers.ttl as string | undefined, urgency: req.headers.urgency as string | undefined },
        });
        res.writeHead(201).end();
        for (const check of waiting) if (check()) waiting.delete(check);
      } catch (error) {
        refusals.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    deliveries,
    refusals,
    subscribe({ gone = false } = {}) {
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const browser = { ecdh, publicKey, auth: randomBytes(16), gone };
      const id = randomBytes(8).toString("hex");
      browsers.set(id, browser);
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(publicKey), auth: b64url(browser.auth) } };
    },
    next(seen = deliveries.length, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const delivery = deliveries[seen];
          if (!delivery) return false;
          clearTimeout(timer);
          resolve(delivery);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no push delivery in ${timeoutMs} ms (refused: ${refusals.join("; ") || "none"})`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
