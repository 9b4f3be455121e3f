/**
 * The page's rules for visitors whose browser runs no scripts, in one `<noscript><style>` in the
 * document head (a `<style>` inside `<body>` is invalid HTML). Each rule undoes a state that only a
 * script would end; the components that own the selectors say so beside them.
 */
export const noScriptCss = [
  // Controls that only a script can run (share, copy; features/enhancers): their place is kept.
  "[data-needs-script]{visibility:hidden}",
  // Cookie bar: no tag can load, so there is nothing to choose.
  "[data-cookie-bar]{display:none}",
  // Testimonials: the row scrolls and snaps by itself; its buttons and dots need carousel.enhancer.ts.
  "[data-carousel-controls]{display:none}",
  // Questionnaire: the one-page form replaces the step flow.
  "[data-questionnaire-flow]{display:none}",
  // Checkout return pages: nothing counts down. (/cancel's processing state ends by itself, in CSS.)
  "[data-live-countdown]{display:none!important}",
].join("");
