import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TitleAndSlugFields } from "./article-fields";

/**
 * The article editor's title and web address as she types: a new article's address follows its
 * title until she types one of her own; an existing article keeps its address.
 */

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (props: Parameters<typeof TitleAndSlugFields>[0]) =>
  act(() => root.render(<TitleAndSlugFields {...props} />));

const input = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
const address = () => container.querySelector("#slug-address")!.textContent;

/** Types as a person does: the value changes and the browser says so with an input event. */
function type(id: string, value: string) {
  const field = input(id);
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")!.set!;
  act(() => {
    setValue.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

describe("a new article's web address", () => {
  it("follows the title as she types, free among the addresses in use", () => {
    render({ isNew: true, taken: ["hill-repeats"] });
    expect(input("slug").value).toBe("");
    type("title", "Hill");
    expect(input("slug").value).toBe("hill");
    type("title", "Hill repeats");
    expect(input("slug").value).toBe("hill-repeats-2");
    expect(address()).toContain("/blog/hill-repeats-2");
    type("title", "Één keer per week: café & crème");
    expect(input("slug").value).toBe("een-keer-per-week-cafe-and-creme");
  });

  it("is hers once she types it, and follows the title again when she empties it", () => {
    render({ isNew: true, taken: [] });
    type("title", "Hill repeats");
    type("slug", "hills");
    type("title", "Hill repeats for beginners");
    expect(input("slug").value).toBe("hills");
    type("slug", "");
    expect(address()).toMatch(/made from the title/);
    type("title", "Hill repeats for runners");
    expect(input("slug").value).toBe("hill-repeats-for-runners");
  });
});

describe("an existing article's web address", () => {
  it("stays as it is when the title changes", () => {
    render({ isNew: false, title: "Hill repeats", slug: "hill-repeats", taken: [] });
    type("title", "Hill repeats, revised");
    expect(input("slug").value).toBe("hill-repeats");
    expect(address()).toContain("/blog/hill-repeats");
  });
});
