import { describe, expect, it } from "vitest";
import { PRERENDER_NONCE } from "~/ui/nonce";
import { addNonce } from "./prerendered";

describe("nonce stamping of prerendered pages", () => {
  it("gives the request's nonce only to what the application rendered with the placeholder", () => {
    const html = [
      `<link rel="modulepreload" href="/assets/entry.js" nonce="${PRERENDER_NONCE}"/>`,
      `<script nonce="${PRERENDER_NONCE}">window.dataLayer=[]</script>`,
      `<div class="prose"><script>alert(document.cookie)</script><p>nonce="x"</p></div>`,
      `<script type="module" async="" nonce="${PRERENDER_NONCE}">import("/assets/entry.js")</script>`,
    ].join("");
    const served = addNonce(html, "abc123");
    expect(served).not.toContain(PRERENDER_NONCE);
    expect(served.match(/nonce="abc123"/g)).toHaveLength(3);
    expect(served).toContain(`<div class="prose"><script>alert(document.cookie)</script>`);
  });
});
