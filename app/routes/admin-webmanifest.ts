import { site } from "#content/site";

/**
 * The back office as an app on the trainer's home screen (Android installs it; on an iPhone,
 * "Add to Home Screen" makes the home-screen app that may receive Web Push). Public: browsers
 * fetch manifests without cookies.
 */
export function loader() {
  const manifest = {
    name: `${site.name} · Back office`,
    short_name: "Back office",
    description: "Leads, orders and the site's content.",
    id: "/admin",
    start_url: "/admin",
    scope: "/admin",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0b1f3a",
    icons: [
      { src: "/admin-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/logo-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}
