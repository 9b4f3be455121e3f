import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { track } from "~/features/analytics/track";
import { formShownAt } from "~/kernel/form-shown-at";
import { Honeypot } from "~/ui/honeypot";
import type * as ContactStepExports from "./contact-step";
import { questionnaireCopy as copy } from "./copy";
import { OptionButtons } from "./option-buttons";
import {
  back,
  canGoNext,
  choose,
  currentAnswer,
  currentQuestion,
  firstUnansweredIndex,
  initialState,
  isLastStep,
  next,
  progressPercent,
  questionList,
  stepNumber,
  totalSteps,
  type QuestionnaireState,
  type StartOptions,
} from "./questionnaire-machine";
import type { AnswerNumber } from "~/features/leads/vocabulary";
import { ANALYTICS_FORM_NAME } from "./questions";
import { CONTACT_FIELDS, emptyContact, MESSAGES, type ContactField, type ContactValues } from "./messages";
import type { IntakeOutcome } from "./outcome";
import { NotSaved } from "./not-saved";
import { Button } from "~/ui/button-base";
import { clearSaved, readSaved, reportStep, restorable, save } from "./session-store";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/infra/form-fields";

type ContactStepModule = typeof ContactStepExports;
let contactStep: ContactStepModule | undefined;
let contactStepLoading: Promise<ContactStepModule> | undefined;

/**
 * The contact step's code (fields, rules, consent sentence) and the phone library are fetched when
 * the step before it is shown, not with the island (docs/decisions/027-island-budgets.md). A failed
 * fetch is tried again on the next call.
 */
function loadContactStep(): Promise<ContactStepModule> {
  contactStepLoading ??= import("./contact-step").then(
    (module) => (contactStep = module),
    (error: unknown) => {
      contactStepLoading = undefined;
      throw error;
    },
  );
  return contactStepLoading;
}

/** React.lazy keeps a failed load for good: one more try after a second before giving up. */
const retried = <T,>(load: () => Promise<T>) =>
  load().catch(() => new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(load));

function preloadContactStep(): void {
  void retried(loadContactStep).catch(() => undefined);
  // In parallel, not after the step's code: the phone input's library is the bigger file.
  void import("./phone-input").catch(() => undefined);
}

const ContactFields = lazy(() => retried(loadContactStep).then((module) => ({ default: module.ContactFields })));
const IntakeConsentNote = lazy(() =>
  retried(loadContactStep).then((module) => ({ default: module.IntakeConsentNote })),
);
const loadThankYou = () => import("./thank-you");
const ThankYou = lazy(() => retried(loadThankYou).then((module) => ({ default: module.ThankYou })));

type Action =
  | { type: "choose"; value: string }
  | { type: "next" }
  | { type: "back" }
  | { type: "goto"; index: number; error: string | null }
  | { type: "restore"; state: QuestionnaireState };

function reducer(state: QuestionnaireState, action: Action): QuestionnaireState {
  switch (action.type) {
    case "choose":
      return choose(state, action.value);
    case "next":
      return next(state);
    case "back":
      return back(state);
    case "goto":
      return { ...state, index: action.index, error: action.error };
    case "restore":
      return action.state;
  }
}

type View =
  | { name: "form"; formError?: string; notSaved?: Extract<IntakeOutcome, { status: "not-saved" }> }
  | { name: "submitting" }
  | { name: "done"; leadId: string; held?: boolean; prefill: { name: string; email: string } };

function newKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const INTAKE_ENDPOINT = "/api/intake";

async function postIntake(body: unknown): Promise<{ status: number; outcome: IntakeOutcome | null }> {
  const send = () =>
    fetch(INTAKE_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await send();
  } catch {
    // One retry for a dropped connection; the idempotency key makes it safe.
    response = await send();
  }
  const outcome = (await response.json().catch(() => null)) as IntakeOutcome | null;
  return { status: response.status, outcome };
}

const submittingView = (
  <div role="status" className="flex min-h-64 flex-col items-center justify-center gap-4 text-center">
    <span
      className="h-10 w-10 animate-spin rounded-full border-4 border-teal/25 border-t-teal motion-reduce:animate-none"
      aria-hidden="true"
    />
    <p className="text-lg font-semibold text-navy">{copy.submitting}</p>
  </div>
);

const reducedMotion = () =>
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

/**
 * The prefix of every id the questionnaire pairs (label and field, a field or question and its error
 * text, the phone field found by id). Fixed, not `useId`: the server renders the island with React and
 * the browser runs it with Preact (docs/decisions/034-preact-islands.md), whose generated ids differ,
 * and hydration keeps the server's attributes, so a generated id would pair nothing after a re-render.
 * A page has one questionnaire (its section's anchor and form ids are fixed too).
 */
export const QUESTIONNAIRE_ID_PREFIX = "questionnaire";

export type QuestionnaireProps = StartOptions & {
  /** One below the section's heading, so the outline skips no level (2 on /start, where the section is h1). */
  questionHeadingLevel?: 2 | 3;
};

export function Questionnaire({ startFromQuestion, answers, questionHeadingLevel = 3 }: QuestionnaireProps) {
  const QuestionHeading = questionHeadingLevel === 2 ? "h2" : "h3";
  const uid = QUESTIONNAIRE_ID_PREFIX;
  const [state, dispatch] = useReducer(reducer, { startFromQuestion, answers }, initialState);
  const [view, setView] = useState<View>({ name: "form" });
  const [contact, setContact] = useState<ContactValues>(emptyContact);
  const [contactErrors, setContactErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [honeypot, setHoneypot] = useState("");
  const [highlight, setHighlight] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldRefs = useRef<Partial<Record<ContactField, HTMLElement | null>>>({});
  const focusHeadingNext = useRef(false);
  const startedRef = useRef<number | null>(null);
  const keyRef = useRef<string | null>(null);
  const startedTracking = useRef(false);
  // Whether the saved answers were looked at: before that, nothing is saved or counted.
  const [restored, setRestored] = useState(false);
  const counted = useRef<string[]>([]);

  const question = currentQuestion(state);
  const step = stepNumber(state);
  const total = totalSteps(state);
  const percent = progressPercent(state);
  const last = isLastStep(state);

  /** Reports a question the first time this visit shows it; says whether it was new. */
  const countOnce = (id: string) => {
    if (counted.current.includes(id)) return false;
    counted.current = [...counted.current, id];
    reportStep(id);
    return true;
  };

  useEffect(() => {
    startedRef.current = formShownAt();
    // After hydration, not in the first render: the server's HTML is the first question.
    const saved = readSaved();
    counted.current = saved?.counted ?? [];
    const state = restorable(saved, initialState({ startFromQuestion, answers }));
    if (state) dispatch({ type: "restore", state });
    // The question the visitor has been looking at, counted now: a tap held before the island ran
    // is replayed before the next render and moves on from it.
    else countOnce(question.id);
    setRestored(true);
    // Once, with the props the island started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Nothing is stored before the visitor has answered a question herself (a service page's own first
  // answers do not count): until then the page writes nothing on her device (decision 070).
  const answeredHerself = Object.entries(state.answers).some(
    ([n, value]) => (answers as Record<string, string> | undefined)?.[n] !== value,
  );
  useEffect(() => {
    if (restored && answeredHerself) save({ index: state.index, answers: state.answers, counted: counted.current });
  }, [restored, answeredHerself, state.index, state.answers]);

  // Each question reached is counted once per visit (docs/decisions/070-questionnaire-survives-a-reload.md).
  useEffect(() => {
    if (!restored || view.name !== "form" || !countOnce(question.id) || !answeredHerself) return;
    save({ index: state.index, answers: state.answers, counted: counted.current });
    // The saved state is current: the effect above saved it for this step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, question.id, view.name]);

  // form_view and the highlight once half of the form is on screen.
  useEffect(() => {
    const card = cardRef.current;
    if (!card || typeof IntersectionObserver === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        track("form_view", { form_name: ANALYTICS_FORM_NAME, form_type: "questionnaire" });
        if (reducedMotion()) return;
        setHighlight(true);
        timer = setTimeout(() => setHighlight(false), 900);
      },
      { threshold: 0.5 },
    );
    observer.observe(card);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (view.name !== "form") return;
    track("form_question_view", {
      question_id: question.id,
      question_label: question.text,
      question_type: question.type,
      step_number: step,
      total_steps: total,
      step_percent: percent,
    });
    if (step >= total - 1) preloadContactStep();
    if (step === total) void loadThankYou().catch(() => undefined);
    if (focusHeadingNext.current) {
      focusHeadingNext.current = false;
      headingRef.current?.focus({ preventScroll: true });
      const top = cardRef.current?.getBoundingClientRect().top ?? 0;
      if (top < 0) cardRef.current?.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    }
    // Tracks each step once when it is shown; the other values follow from the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question.id, step, view.name]);

  const markStarted = () => {
    if (startedTracking.current) return;
    startedTracking.current = true;
    track("form_start", { form_name: ANALYTICS_FORM_NAME });
  };

  const onChoose = (value: string) => {
    markStarted();
    const nextState = choose(state, value);
    if (nextState.answers[question.number as AnswerNumber] === value) {
      track("form_question_answer", {
        question_id: question.id,
        question_label: question.text,
        question_type: question.type,
        answer: value,
        step_number: step,
        total_steps: totalSteps(nextState),
      });
    }
    focusHeadingNext.current = nextState.index !== state.index;
    dispatch({ type: "choose", value });
  };

  const onNext = () => {
    focusHeadingNext.current = canGoNext(state);
    dispatch({ type: "next" });
  };

  const onBack = () => {
    focusHeadingNext.current = true;
    dispatch({ type: "back" });
  };

  const contactFlags = (values: ContactValues) => {
    const filled = (f: ContactField) => values[f].trim() !== "";
    return {
      first_name_completed: filled("firstName"),
      last_name_completed: filled("lastName"),
      email_completed: filled("email"),
      phone_completed: filled("phone"),
      message_completed: filled("message"),
      all_required_completed: (["firstName", "lastName", "email", "phone"] as const).every(filled),
    };
  };

  const onContactChange = useCallback((field: ContactField, value: string) => {
    setContact((c) => ({ ...c, [field]: value }));
    // A corrected field loses its error as soon as it is valid.
    setContactErrors((errors) => {
      if (!errors[field]) return errors;
      const { [field]: _removed, ...rest } = errors;
      void _removed;
      return rest;
    });
  }, []);

  const onContactBlur = (field: ContactField) => {
    markStarted();
    track("form_contact_info", {
      ...contactFlags(contact),
      step_number: step,
      total_steps: total,
      field_updated: field,
    });
  };

  const registerRef = useCallback((field: ContactField, element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  }, []);

  const focusField = (field: ContactField) => {
    // The phone input comes from a lazily loaded library that does not forward refs to its input.
    const element = fieldRefs.current[field] ?? (field === "phone" ? document.getElementById(`${uid}-phone`) : null);
    element?.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
    element?.focus({ preventScroll: true });
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!last) {
      onNext();
      return;
    }
    const missing = firstUnansweredIndex(state);
    if (missing !== null) {
      focusHeadingNext.current = true;
      dispatch({ type: "goto", index: missing, error: MESSAGES.required });
      return;
    }
    let rules: ContactStepModule;
    try {
      rules = contactStep ?? (await retried(loadContactStep));
    } catch {
      setView({ name: "form", formError: copy.offline });
      return;
    }
    const checked = rules.validateContact(contact);
    if (!checked.ok) {
      setContactErrors(checked.errors);
      track("form_submit", {
        form_name: ANALYTICS_FORM_NAME,
        is_valid: false,
        error_fields: Object.keys(checked.errors),
        timestamp: new Date().toISOString(),
      });
      const first = CONTACT_FIELDS.find((f) => checked.errors[f]);
      if (first) focusField(first);
      return;
    }
    const answersForTracking = Object.fromEntries(
      questionList(state.answers)
        .filter((q) => q.type !== "contact")
        .map((q) => [q.id, state.answers[q.number as AnswerNumber] ?? ""]),
    );
    track("form_submit", {
      form_name: ANALYTICS_FORM_NAME,
      is_valid: true,
      answers: answersForTracking,
      timestamp: new Date().toISOString(),
    });
    keyRef.current ??= newKey();
    const prefill = { name: `${checked.values.firstName} ${checked.values.lastName}`, email: checked.values.email };
    setView({ name: "submitting" });
    let result: Awaited<ReturnType<typeof postIntake>>;
    try {
      result = await postIntake({
        answers: state.answers,
        contact: checked.values,
        idempotencyKey: keyRef.current,
        sourceUrl: window.location.href,
        consentVersion: rules.intakeConsentVersion,
        [HONEYPOT_FIELD]: honeypot,
        [ELAPSED_FIELD]: Math.round(performance.now() - (startedRef.current ?? performance.now())),
      });
    } catch {
      result = { status: 0, outcome: null };
    }
    const outcome = result.outcome;
    if (outcome?.status === "ok") {
      clearSaved();
      track("form_complete", { form_name: ANALYTICS_FORM_NAME, lead_id: outcome.leadId });
      setView({ name: "done", leadId: outcome.leadId, held: !!outcome.held, prefill });
      return;
    }
    if (outcome?.status === "invalid") {
      const serverContactErrors: Partial<Record<ContactField, string>> = {};
      for (const [key, message] of Object.entries(outcome.errors)) {
        if (key.startsWith("contact.")) serverContactErrors[key.slice(8) as ContactField] = message;
      }
      const answerKey = Object.keys(outcome.errors).find((k) => k.startsWith("answers."));
      setView({ name: "form" });
      if (answerKey) {
        const number = Number(answerKey.slice(8));
        const index = questionList(state.answers).findIndex((q) => q.number === number);
        focusHeadingNext.current = true;
        dispatch({ type: "goto", index: Math.max(0, index), error: outcome.errors[answerKey] ?? null });
        return;
      }
      setContactErrors(serverContactErrors);
      const first = CONTACT_FIELDS.find((f) => serverContactErrors[f]);
      if (first) requestAnimationFrame(() => focusField(first));
      return;
    }
    if (outcome?.status === "rate-limited" || outcome?.status === "bad-request") {
      setView({ name: "form", formError: outcome.message });
      return;
    }
    // Nothing was kept, or no answer came: the form stays as filled in, to send again (the same
    // idempotency key, so never twice) or to reach her directly.
    if (outcome?.status === "not-saved") setView({ name: "form", notSaved: outcome });
    else setView({ name: "form", formError: copy.noAnswer });
  };

  const errorIdFor = `${uid}-question-error`;
  const sublineId = `${uid}-question-subline`;

  return (
    <div
      ref={cardRef}
      className={`relative mx-auto max-w-3xl rounded-3xl bg-white p-5 shadow-xl ring-4 transition-[box-shadow,--tw-ring-color] duration-300 motion-reduce:transition-none sm:p-10 ${
        highlight ? "ring-aqua" : "ring-transparent"
      }`}
    >
      {view.name === "done" ? (
        <Suspense fallback={submittingView}>
          <ThankYou prefill={{ ...view.prefill, leadId: view.leadId || undefined }} held={view.held} autoOpen />
        </Suspense>
      ) : view.name === "submitting" ? (
        submittingView
      ) : (
        <form id="fitness-form" noValidate onSubmit={onSubmit} aria-label="Intake questionnaire">
          <div className="mb-6">
            <div className="flex items-center justify-between text-sm font-semibold text-navy">
              <span>{copy.stepLabel(step, total)}</span>
              <span>{percent}%</span>
            </div>
            <progress
              aria-label="Questionnaire progress"
              max={100}
              value={percent}
              aria-valuetext={copy.stepLabel(step, total)}
              className="mt-2 block h-2 w-full appearance-none overflow-hidden rounded-full bg-navy/10 [&::-moz-progress-bar]:bg-teal [&::-webkit-progress-bar]:bg-navy/10 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-teal [&::-webkit-progress-value]:transition-[width] [&::-webkit-progress-value]:duration-300 motion-reduce:[&::-webkit-progress-value]:transition-none"
            />
          </div>

          <fieldset
            key={question.id}
            aria-describedby={
              [question.subline ? sublineId : "", state.error ? errorIdFor : ""].filter(Boolean).join(" ") || undefined
            }
            className="min-w-0 translate-y-0 opacity-100 transition-[opacity,translate] duration-300 ease-out starting:translate-y-3 starting:opacity-0 motion-reduce:transition-none"
          >
            <legend className="w-full">
              <QuestionHeading
                ref={headingRef}
                tabIndex={-1}
                className="scroll-mt-24 text-2xl font-bold text-navy sm:text-3xl"
              >
                {question.text}
              </QuestionHeading>
            </legend>
            {question.subline && (
              <p id={sublineId} className="mt-2 text-ink/80">
                {question.subline}
              </p>
            )}
            <div className="mt-6">
              {question.type === "contact" ? (
                <Suspense
                  fallback={
                    <p role="status" className="text-ink/80">
                      {copy.loadingStep}
                    </p>
                  }
                >
                  <ContactFields
                    idPrefix={uid}
                    errors={contactErrors}
                    interactive={{ values: contact, onChange: onContactChange, onBlur: onContactBlur, registerRef }}
                  />
                </Suspense>
              ) : (
                <OptionButtons question={question} selected={currentAnswer(state)} onChoose={onChoose} />
              )}
            </div>
            {state.error && (
              <p id={errorIdFor} role="alert" className="mt-3 text-sm font-medium text-red-700">
                {state.error}
              </p>
            )}
          </fieldset>

          <Honeypot value={honeypot} onChange={setHoneypot} />
          <p className="sr-only" aria-live="polite">
            {Object.keys(contactErrors).length > 0 ? copy.fixErrors(Object.keys(contactErrors).length) : ""}
          </p>
          {view.formError && (
            <p role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {view.formError}
            </p>
          )}
          {view.notSaved && <NotSaved message={view.notSaved.message} reach={view.notSaved.reach} />}

          <div className="mt-8 flex items-center justify-between gap-3">
            <Button
              variant="ghost"
              onClick={onBack}
              disabled={state.index === 0}
              className="gap-1 px-5 disabled:invisible"
            >
              <span aria-hidden="true">←</span> {copy.back}
            </Button>
            {last ? (
              <Button type="submit" className="px-8">
                {copy.submit}
              </Button>
            ) : (
              // A submit button, so the form has one in its server HTML and Enter moves on; onSubmit steps forward.
              <Button
                type="submit"
                aria-disabled={!canGoNext(state)}
                className="gap-1 px-8 aria-disabled:cursor-not-allowed aria-disabled:bg-navy/40"
              >
                {copy.next} <span aria-hidden="true">→</span>
              </Button>
            )}
          </div>
          {last && (
            <Suspense fallback={null}>
              <IntakeConsentNote className="mt-4 text-ink/75" />
            </Suspense>
          )}
        </form>
      )}
    </div>
  );
}
