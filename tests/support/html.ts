import { Window, type Document, type Element } from "happy-dom";

/**
 * Reads a page's server HTML as a browser with scripts off would: a happy-dom document in which
 * nothing runs and nothing is fetched (scripts, stylesheets, frames). One window per test file;
 * `close()` it in afterAll.
 */
export function htmlReader() {
  const window = new Window({
    settings: {
      disableJavaScriptEvaluation: true,
      disableJavaScriptFileLoading: true,
      disableCSSFileLoading: true,
      disableIframePageLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  });
  return {
    parse: (html: string): Document => new window.DOMParser().parseFromString(html, "text/html"),
    close: () => window.happyDOM.close(),
  };
}

/** Text as a reader meets it: runs of white space made one space, trimmed. */
export const textOf = (node: { textContent: string | null } | null | undefined): string =>
  (node?.textContent ?? "").replace(/\s+/g, " ").trim();

/**
 * The page's readable text: the body without its scripts, styles and templates (what `innerText`
 * gives, short of the CSS, which only a browser applies).
 */
export function bodyText(document: Document): string {
  const body = document.body.cloneNode(true) as Element;
  for (const element of body.querySelectorAll("script, style, template")) element.remove();
  return textOf(body);
}

/**
 * An element's accessible name as the server wrote it: `aria-label`, else the text of the elements
 * `aria-labelledby` names, else its own text (an image inside counting by its `alt`).
 */
export function accessibleName(element: Element): string {
  const label = element.getAttribute("aria-label");
  if (label) return label.trim();
  const labelledBy = element.getAttribute("aria-labelledby");
  if (labelledBy) {
    const document = element.ownerDocument;
    return labelledBy
      .split(/\s+/)
      .map((id) => textOf(document.getElementById(id)))
      .join(" ")
      .trim();
  }
  const copy = element.cloneNode(true) as Element;
  for (const image of copy.querySelectorAll("img[alt]")) image.replaceWith(` ${image.getAttribute("alt") ?? ""} `);
  return textOf(copy);
}

/**
 * Hidden by the HTML itself: the element or one of its ancestors carries `hidden` or
 * `aria-hidden="true"`, or sits in a `<template>`. (Whether CSS hides it only a browser can tell.)
 */
export function hiddenInHtml(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (at.hasAttribute("hidden") || at.getAttribute("aria-hidden") === "true" || at.tagName === "TEMPLATE")
      return true;
  }
  return false;
}

const matches = (value: string, name: string | RegExp) =>
  typeof name === "string" ? value === name : name.test(value);

/** Links (`a[href]`) in `scope` whose accessible name is `name` (exactly) or matches it. */
export function linksNamed(scope: Document | Element, name: string | RegExp): Element[] {
  return [...scope.querySelectorAll("a[href]")].filter((link) => matches(accessibleName(link), name));
}

/** Headings (`h1`–`h6`, or only `level`) in `scope` whose text is `name` or matches it. */
export function headingsNamed(scope: Document | Element, name: string | RegExp, level?: number): Element[] {
  const selector = level ? `h${level}` : "h1, h2, h3, h4, h5, h6";
  return [...scope.querySelectorAll(selector)].filter((heading) => matches(accessibleName(heading), name));
}

/** Buttons (`button`, `[role=button]`) in `scope` whose accessible name is `name` or matches it. */
export function buttonsNamed(scope: Document | Element, name: string | RegExp): Element[] {
  return [...scope.querySelectorAll("button, [role=button]")].filter((button) => matches(accessibleName(button), name));
}

/** The parsed JSON-LD blocks of a page, each block's top-level objects. */
export function jsonLdOf(document: Document): Record<string, unknown>[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
    const parsed = JSON.parse(script.textContent ?? "null") as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(parsed) ? parsed : [parsed];
  });
}
