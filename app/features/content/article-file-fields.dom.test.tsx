import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileField } from "./article-file-fields";
import { MAX_UPLOAD_BYTES } from "./article-form";

/**
 * The photo and PDF choosers of the article and newsletter editors: a file over the limit is
 * named under the field as soon as it is chosen, and the form will not send it.
 */

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(<FileField name="photo" label="Photo" hint="JPEG, HEIC or PNG up to 20 MB." accept="image/jpeg" />),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const input = () => container.querySelector<HTMLInputElement>("#photo")!;
const error = () => container.querySelector("#photo-error")?.textContent ?? null;

/** Chooses a file as the browser's picker does: the input's files change and it says so. */
function choose(size: number, name: string) {
  const file = { name, size, type: "image/jpeg" };
  Object.defineProperty(input(), "files", { configurable: true, value: [file] });
  act(() => {
    input().dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("a file chooser", () => {
  it("says at once that a photo is over the limit, and lets a smaller one go", () => {
    choose(MAX_UPLOAD_BYTES + 5 * 1024 * 1024, "IMG_2042.JPG");
    expect(error()).toBe('"IMG_2042.JPG" is 25.0 MB; the limit is 20 MB. Choose a smaller file.');
    expect(input().getAttribute("aria-invalid")).toBe("true");
    expect(input().validationMessage).toContain("25.0 MB");

    choose(4 * 1024 * 1024, "IMG_2043.JPG");
    expect(error()).toBeNull();
    expect(input().validationMessage).toBe("");
  });
});
