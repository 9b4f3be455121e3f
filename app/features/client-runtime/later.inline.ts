// Made by `npm run build:runtime` (scripts/build-client-runtime.ts) from later.ts: do not edit.

/** later (later.ts), minified: the text of a function expression for the pages' inline scripts (`var later=…`). */
export const LATER_FUNCTION =
  'function c(r){let e=()=>{e=()=>{},requestAnimationFrame(()=>{"requestIdleCallback"in window?requestIdleCallback(r,{timeout:2e3}):setTimeout(r,0)})};const s=()=>{const i=window.PerformanceObserver?.supportedEntryTypes||[],t=new Set(i.includes("element")?document.querySelectorAll("[elementtiming]"):[]);if(i.includes("paint")&&t.add("first-contentful-paint"),!t.size)return e();const l=new PerformanceObserver(n=>{for(const o of n.getEntries())t.delete("element"in o?o.element:o.name);t.size||(l.disconnect(),e())});for(const n of["paint","element"])i.includes(n)&&l.observe({type:n,buffered:!0});setTimeout(()=>e(),2e3)};document.readyState==="complete"?s():addEventListener("load",s,{once:!0})}';
