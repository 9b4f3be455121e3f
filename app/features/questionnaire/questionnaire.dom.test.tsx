import { act, useEffect, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ageWords, frequencyWords, genderWords, goalWords } from "~/features/leads/vocabulary";
import { Questionnaire, type QuestionnaireProps } from "./questionnaire";
import type { PhoneFieldInputProps } from "./phone-input";

/**
 * The questionnaire island's saved state (session-store.ts, decision 070): its answers come back
 * when it is mounted again in the same tab (a reload, Back and Forward, a discarded tab), they are
 * gone once the answers are sent, a state saved under another question list is ignored, and each
 * question reached is reported to the step counter once per visit.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// The phone library is not under test here: a plain input in its place.
vi.mock("./phone-input", () => ({
  default: ({ id, value, onChange }: PhoneFieldInputProps) => (
    <input id={id} type="tel" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

let root: Root | undefined;
let container: HTMLElement;
let posts: { url: string; body: unknown }[];

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  sessionStorage.clear();
  posts = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, body: JSON.parse(String(init?.body ?? "null")) });
      if (url === "/api/intake") {
        return new Response(JSON.stringify({ status: "ok", leadId: "lead-1", name: "Ann Example", email: "a@b.nl" }), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }
      return new Response(null, { status: 204 });
    }),
  );
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
});

/** The island mounted as on a fresh page load in this tab. */
async function mount(props: QuestionnaireProps = {}) {
  if (root) act(() => root!.unmount());
  root = createRoot(container);
  await act(async () => root!.render(<Questionnaire {...props} />));
}

const heading = () => container.querySelector("legend")?.textContent ?? "";
const stepText = () => container.querySelector("form span")?.textContent ?? "";
const button = (name: string) => {
  const found = [...container.querySelectorAll("button")].find((b) => b.textContent?.includes(name));
  if (!found) throw new Error(`no button "${name}" on "${heading()}"`);
  return found;
};
const tap = (name: string) => act(async () => button(name).click());
const stepsReported = () => posts.filter((p) => p.url === "/api/questionnaire-step").map((p) => p.body);

function type(id: string, value: string) {
  const input = container.querySelector<HTMLInputElement>(`#questionnaire-${id}`)!;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

describe("the questionnaire's saved state", () => {
  it("brings the answers and the step back when the island is mounted again", async () => {
    await mount();
    await tap(goalWords["getting-fit"].label);
    await tap(frequencyWords.moderately.label);
    await tap(genderWords.female.label);
    expect(heading()).toBe("What is your age?");

    await mount();
    expect(heading()).toBe("What is your age?");
    expect(stepText()).toBe("Step 4 of 5");
    await tap("Back");
    expect(button(genderWords.female.label).getAttribute("aria-pressed")).toBe("true");
    // Nothing of the visitor's own is kept: only the choices, the step and the questions reported.
    expect(sessionStorage.getItem("questionnaire")).not.toMatch(/@|name|phone/i);
  });

  it("stores nothing before the visitor answers, also where a service page gave the first answer", async () => {
    await mount();
    expect(sessionStorage.length).toBe(0);
    await mount({ startFromQuestion: 2, answers: { 1: "getting-fit" } });
    expect(sessionStorage.length).toBe(0);
    await tap(frequencyWords.moderately.label);
    expect(sessionStorage.getItem("questionnaire")).not.toBeNull();
  });

  it("reports each question reached once per visit, also across a reload", async () => {
    await mount();
    await tap(goalWords["getting-fit"].label);
    await mount();
    await tap("Back");
    await tap(goalWords["getting-fit"].label);
    expect(stepsReported()).toEqual([{ step: "goal" }, { step: "frequency" }]);
  });

  it("counts the first question when a tap made before the island ran is replayed as it starts", async () => {
    // As the island's wrapper does (island-client.tsx): once the island's own effects have run, the
    // boot script replays the held tap, in the same turn.
    function ReplayTap({ children }: { children: ReactNode }) {
      useEffect(() => button(goalWords["getting-fit"].label).click(), []);
      return children;
    }
    root = createRoot(container);
    await act(async () =>
      root!.render(
        <ReplayTap>
          <Questionnaire />
        </ReplayTap>,
      ),
    );
    expect(heading()).toBe("How often do you exercise now?");
    expect(stepsReported()).toEqual([{ step: "goal" }, { step: "frequency" }]);
  });

  it("is cleared once the answers are sent, so the next visit starts at question one", async () => {
    await mount();
    await tap(goalWords["weight-loss"].label);
    await tap(frequencyWords["hardly-ever"].label);
    await tap(genderWords.male.label);
    await tap(ageWords["31+"].label);
    await act(async () => {
      await vi.waitFor(() => expect(container.querySelector("#questionnaire-phone")).not.toBeNull(), {
        timeout: 5_000,
      });
    });
    await act(async () => {
      type("first-name", "Ann");
      type("last-name", "Example");
      type("email", "ann@example.nl");
      type("phone", "+31612345678");
    });
    await tap("Submit");
    await act(async () => {
      await vi.waitFor(() => expect(posts.some((p) => p.url === "/api/intake")).toBe(true));
    });
    expect(sessionStorage.getItem("questionnaire")).toBeNull();

    await mount();
    expect(heading()).toBe("What can I help you with?");
    // A new visit: its questions are counted again.
    expect(stepsReported().filter((s) => (s as { step: string }).step === "goal")).toHaveLength(2);
  });

  it("ignores a state saved under an older question list, or one it cannot read", async () => {
    const old = { list: "goal:getting-fit,competition", index: 3, answers: { 1: "getting-fit" }, counted: ["goal"] };
    for (const saved of [JSON.stringify(old), "{not json", JSON.stringify({ ...old, list: undefined })]) {
      sessionStorage.setItem("questionnaire", saved);
      await mount();
      expect(heading()).toBe("What can I help you with?");
    }
  });

  it("ignores saved answers that no longer fit their question, or that another page's first answer contradicts", async () => {
    await mount();
    await tap(goalWords["getting-fit"].label);
    await tap(frequencyWords.moderately.label);
    const saved = JSON.parse(sessionStorage.getItem("questionnaire")!) as { answers: Record<string, string> };
    sessionStorage.setItem(
      "questionnaire",
      JSON.stringify({ ...saved, answers: { ...saved.answers, 2: "every-day" } }),
    );
    await mount();
    expect(heading()).toBe("What can I help you with?");

    await tap(goalWords["getting-fit"].label);
    await tap(frequencyWords.moderately.label);
    // The weight-loss page starts at question 2 with its own first answer.
    await mount({ startFromQuestion: 2, answers: { 1: "weight-loss" } });
    expect(heading()).toBe("How often do you exercise now?");
    expect(button(frequencyWords.moderately.label).getAttribute("aria-pressed")).toBe("false");
  });
});
