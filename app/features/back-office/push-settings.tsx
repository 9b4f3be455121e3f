import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";
import { formatDateTime, SubmitButton } from "./ui";

type DeviceState = "checking" | "unsupported" | "ios-browser" | "blocked" | "off" | "on";

const SERVICE_WORKER = "/admin-sw.js";
const SCOPE = "/admin";

/** The VAPID public key (base64url) as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function post(body: Record<string, unknown>): Promise<{ ok: boolean; message?: string }> {
  const response = await fetch("/admin/push", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  return { ok: response.ok, message: answer.message };
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function initialState(): DeviceState {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    // iPhone and iPad offer Web Push only to a site added to the home screen.
    return /iPhone|iPad/.test(navigator.userAgent) ? "ios-browser" : "unsupported";
  }
  if (Notification.permission === "denied") return "blocked";
  return "checking";
}

/**
 * Notifications on this device: a switch per device (the browser asks for permission the first
 * time), a test notification, and the list of devices that receive them, each removable
 * without scripts.
 */
export function PushSettings({
  publicKey,
  devices,
}: {
  publicKey: string;
  devices: { endpoint: string; device: string; createdAt: string; lastSentAt: string | null }[];
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<DeviceState>("checking");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const first = initialState();
    setState(first);
    if (first !== "checking") return;
    currentSubscription()
      .then((subscription) => setState(subscription ? "on" : "off"))
      .catch(() => setState("off"));
  }, []);

  const turnOn = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER, { scope: SCOPE });
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      const result = await post({ intent: "subscribe", subscription: subscription.toJSON() });
      if (!result.ok) {
        await subscription.unsubscribe();
        setMessage(result.message ?? "Notifications could not be turned on.");
        return;
      }
      setState("on");
      setMessage("Notifications are on for this device.");
    } catch {
      setMessage("This browser did not allow notifications. Try again, or check its site settings.");
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await post({ intent: "unsubscribe", endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
      setMessage("Notifications are off for this device.");
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setBusy(true);
    const result = await post({ intent: "test" }).catch(() => ({ ok: false, message: "No connection." }));
    setMessage(result.message ?? null);
    setBusy(false);
  };

  const explanation: Record<DeviceState, string> = {
    checking: "Checking this device…",
    unsupported: "This browser cannot receive notifications from websites.",
    "ios-browser":
      "On an iPhone or iPad, add the back office to your home screen first (Share, then Add to Home Screen), open it from there and turn notifications on.",
    blocked:
      "Notifications are blocked for this site in the browser's settings. Allow them there, then come back here.",
    off: "A notification on this device for every new lead, booked call and paid order.",
    on: "This device is notified of every new lead, booked call and paid order.",
  };

  return (
    <div>
      {hydrated ? (
        <>
          <p>{explanation[state]}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            {state === "off" ? (
              <Button variant="primary" size="md" disabled={busy} onClick={() => void turnOn()}>
                Notify me on this device
              </Button>
            ) : null}
            {state === "on" ? (
              <>
                <Button variant="secondary" size="md" disabled={busy} onClick={() => void test()}>
                  Send a test notification
                </Button>
                <Button variant="danger" size="md" disabled={busy} onClick={() => void turnOff()}>
                  Stop notifications on this device
                </Button>
              </>
            ) : null}
          </div>
        </>
      ) : (
        <p>Notifications are switched on from this page once it has loaded completely (they need JavaScript).</p>
      )}
      <p role="status" className="mt-2 text-sm">
        {message}
      </p>
      {devices.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold text-navy">Devices that get notifications</h3>
          <ul className="mt-2 space-y-2">
            {devices.map((device) => (
              <li key={device.endpoint} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {device.device}, since {formatDateTime(device.createdAt)}
                  {device.lastSentAt ? `; last notified ${formatDateTime(device.lastSentAt)}` : ""}
                </span>
                <Form method="post">
                  <input type="hidden" name="endpoint" value={device.endpoint} />
                  <SubmitButton variant="secondary" name="intent" value="push-remove">
                    Remove
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
