// The back office's service worker: it only shows the trainer's push notifications (a new lead,
// a booked call, a paid order) and opens the page a tapped notification points to. It caches
// nothing and handles no fetches, so the back office always shows fresh data.
self.addEventListener("push", (event) => {
  let message = { title: "Back office", body: "Something new came in.", url: "/admin", tag: "back-office" };
  try {
    if (event.data) message = { ...message, ...event.data.json() };
  } catch {
    // A payload that is not JSON still gives a notification.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/admin-icon-192.png",
      badge: "/admin-icon-192.png",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/admin", self.location.origin);
  // Only this site's own pages open from a notification.
  const url = target.origin === self.location.origin ? target.href : new URL("/admin", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith("/admin"));
      if (open) return open.navigate(url).then((client) => (client ?? open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
