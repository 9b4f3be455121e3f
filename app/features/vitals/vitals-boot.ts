/**
 * The public pages' boot-script part (client-runtime/boot-script.ts) that loads start-vitals.ts once
 * the page has been shown and the browser is idle (`later`), so measuring never competes with the
 * page itself. One script for every part keeps `later` and the nonce on the page once.
 */
export const vitalsBoot = (url: string): string =>
  `later(function(){IM(${JSON.stringify(url)}).then(function(m){m.startVitals()}).catch(function(){})})`;
