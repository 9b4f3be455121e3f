import { useCallback, useEffect, useRef, type RefObject } from "react";

export interface IssuePreviewData {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

/**
 * Grows the frame to its document's height once it has loaded, so the page scrolls instead of the
 * frame (without script it keeps its fixed height and scrolls inside).
 */
function useFitToContent(frame: RefObject<HTMLIFrameElement | null>) {
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (frame.current && doc?.documentElement) frame.current.style.height = `${doc.documentElement.scrollHeight}px`;
  }, [frame]);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    if (element.contentDocument?.readyState === "complete") fit();
    element.addEventListener("load", fit);
    // The desktop width reflows the text: measure again when the width changes.
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(() => fit()) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener("load", fit);
      observer?.disconnect();
    };
  }, [frame, fit]);
}

/**
 * The e-mail as it will look: the HTML part in a frame at a phone's or a desktop mail app's width
 * (two radio buttons and CSS, no script needed), and the plain-text part as mail apps without HTML
 * show it. The frame keeps the page's styles and the message's apart.
 *
 * Nothing in the message can run here: its body passed the articles' HTML allow-list, and a srcdoc
 * frame inherits this page's Content-Security-Policy (scripts only with the page's nonce; no
 * inline handlers, no javascript: links). It has no `sandbox` attribute: in a frame where script is
 * forbidden, axe (the accessibility checks) cannot look inside and waits until it times out.
 */
export function IssuePreview({
  preview,
  headingRef,
  title = "Preview",
}: {
  preview: IssuePreviewData;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  title?: string;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  useFitToContent(frame);
  return (
    <section
      id="preview"
      aria-labelledby="preview-title"
      className="group/preview min-w-0 scroll-mt-4 rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6"
    >
      <h2 id="preview-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-navy">
        {title}
      </h2>
      <dl className="mt-3 grid gap-1 text-sm">
        <div>
          <dt className="inline font-medium">Subject: </dt>
          <dd className="inline break-words">{preview.subject}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Preview line: </dt>
          <dd className="inline break-words">{preview.preheader || "(none)"}</dd>
        </div>
      </dl>
      <fieldset className="mt-4">
        <legend className="font-medium">Width</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-navy/30 px-4 has-[:checked]:border-navy has-[:checked]:bg-navy has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700">
            <input type="radio" name="preview-width" value="phone" defaultChecked className="sr-only" />
            Phone
          </label>
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-navy/30 px-4 has-[:checked]:border-navy has-[:checked]:bg-navy has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-700">
            <input type="radio" name="preview-width" value="desktop" className="sr-only" />
            Desktop
          </label>
        </div>
      </fieldset>
      {/*
        The desktop width drawn smaller when the screen is narrower (zoom: the box itself shrinks, so
        nothing scrolls sideways): tan(atan2(a, b)) is a / b as a plain number, which calc() cannot give.
      */}
      <div
        role="group"
        aria-label="The e-mail at the chosen width (the desktop width drawn smaller on a narrow screen)"
        className="@container mt-3 rounded-xl bg-sand/60 p-2"
      >
        <iframe
          ref={frame}
          title={`The e-mail “${preview.subject}” as it will look`}
          srcDoc={preview.html}
          className="mx-auto block h-[70vh] min-h-96 w-full max-w-[375px] rounded-lg bg-white group-has-[input[value=desktop]:checked]/preview:w-[680px] group-has-[input[value=desktop]:checked]/preview:max-w-none group-has-[input[value=desktop]:checked]/preview:[zoom:min(1,tan(atan2(100cqw,680px)))]"
        />
      </div>
      <h3 id="preview-text-title" className="mt-6 font-semibold text-navy">
        Plain-text part
      </h3>
      <p className="text-sm text-ink/75">What mail apps that show no HTML display.</p>
      {/* Focusable: a keyboard scrolls a long text too. */}
      <pre
        tabIndex={0}
        aria-labelledby="preview-text-title"
        className="mt-2 max-h-[60vh] overflow-auto rounded-xl bg-slate-100 p-3 text-sm break-words whitespace-pre-wrap"
      >
        {preview.text}
      </pre>
    </section>
  );
}
