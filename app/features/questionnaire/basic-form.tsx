import { ContactFields } from "./contact-fields";
import { basicFormCopy, questionnaireCopy } from "./copy";

const copy = { ...questionnaireCopy, ...basicFormCopy };
import { errorId, FieldError, Honeypot } from "~/ui/field";
import { ConsentNote } from "~/ui/consent-note";
import {
  ageQuestion,
  competitionGoalQuestion,
  contactQuestion,
  frequencyQuestion,
  genderQuestion,
  goalQuestion,
  sportQuestion,
  type Question,
} from "./questions";
import { NOJS_FORM_NAME, type ContactField } from "./schema";
import { Button } from "~/ui/button";

interface BasicIntakeFormProps {
  /** Page the form is on (stored as the lead's source). */
  sourcePath: string;
  /** Posted values echoed back by the server after a failed submission. */
  values?: Record<string, string>;
  /** Errors by posted field name. */
  errors?: Record<string, string>;
  /** Prefilled answers by question number (service pages). */
  answers?: Record<number, string>;
  idPrefix?: string;
}

function RadioGroup({
  name,
  legend,
  subline,
  groups,
  checked,
  error,
  id,
}: {
  name: string;
  legend: string;
  subline?: string;
  groups: { title?: string; question: Question }[];
  checked?: string;
  error?: string;
  id: string;
}) {
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId(id) : undefined}>
      <legend className="text-lg font-bold text-navy">{legend}</legend>
      {subline && <p className="mt-1 text-sm text-ink/80">{subline}</p>}
      {groups.map(({ title, question }) => (
        <div key={`${question.id}-${title ?? ""}`} className="mt-3">
          {title && <p className="mb-2 text-sm font-semibold text-ink/85">{title}</p>}
          <div className="grid gap-2 sm:grid-cols-2">
            {question.options?.map((option) => (
              <label
                key={option.value}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-navy/15 bg-white px-4 py-2 has-[:checked]:border-teal has-[:checked]:bg-teal/10"
              >
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  defaultChecked={checked === option.value}
                  className="h-5 w-5 accent-teal"
                />
                <span>
                  <span className="block font-semibold text-navy">{option.label}</span>
                  {option.hint && <span className="block text-sm text-ink/75">{option.hint}</span>}
                </span>
              </label>
            ))}
          </div>
        </div>
      ))}
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

const contactPostNames: Record<ContactField, string> = {
  firstName: "first-name",
  lastName: "last-name",
  email: "email",
  phone: "phone",
  message: "message",
};

/**
 * The questionnaire without JavaScript: every question on one page, posted as the form
 * plain post fields to /start, which answers with a server-rendered page.
 * Question 2 is one radio group (sports-event) split in two lists, because its options
 * depend on question 1 and only a script could hide the ones that do not apply.
 */
export function BasicIntakeForm({
  sourcePath,
  values = {},
  errors = {},
  answers = {},
  idPrefix = "basic",
}: BasicIntakeFormProps) {
  const value = (field: string, question: number) => values[field] ?? answers[question];
  const contactErrors: Partial<Record<ContactField, string>> = {};
  const contactDefaults: Partial<Record<ContactField, string>> = {};
  for (const field of Object.keys(contactPostNames) as ContactField[]) {
    const post = contactPostNames[field];
    if (errors[post]) contactErrors[field] = errors[post];
    if (values[post]) contactDefaults[field] = values[post];
  }
  const errorCount = Object.keys(errors).length;
  return (
    <form
      method="post"
      action="/start"
      noValidate
      id={`${idPrefix}-fitness-form`}
      aria-label="Intake questionnaire, all questions on one page"
      className="grid gap-8"
    >
      <p className="text-ink/85">{copy.basicIntro}</p>
      {errorCount > 0 && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {copy.fixErrors(errorCount)}
        </p>
      )}
      <input type="hidden" name="form-name" value={NOJS_FORM_NAME} />
      <input type="hidden" name="source-url" value={values["source-url"] ?? sourcePath} />
      <RadioGroup
        id={`${idPrefix}-service-type`}
        name="service-type"
        legend={`1. ${goalQuestion.text}`}
        groups={[{ question: goalQuestion }]}
        checked={value("service-type", 1)}
        error={errors["service-type"]}
      />
      <RadioGroup
        id={`${idPrefix}-sports-event`}
        name="sports-event"
        legend={`2. ${sportQuestion.text.replace("?", "")} / ${frequencyQuestion.text.toLowerCase()}`}
        groups={[
          { title: copy.basicQ2Competition, question: sportQuestion },
          { title: copy.basicQ2Other, question: frequencyQuestion },
        ]}
        checked={value("sports-event", 2)}
        error={errors["sports-event"]}
      />
      <RadioGroup
        id={`${idPrefix}-sports-goal`}
        name="sports-goal"
        legend={`3. ${copy.basicQ3}`}
        groups={[{ question: competitionGoalQuestion(undefined) }]}
        checked={value("sports-goal", 3)}
        error={errors["sports-goal"]}
      />
      <RadioGroup
        id={`${idPrefix}-gender`}
        name="gender"
        legend={`4. ${genderQuestion.text}`}
        groups={[{ question: genderQuestion }]}
        checked={value("gender", 4)}
        error={errors.gender}
      />
      <RadioGroup
        id={`${idPrefix}-age-range`}
        name="age-range"
        legend={`5. ${ageQuestion.text}`}
        groups={[{ question: ageQuestion }]}
        checked={value("age-range", 5)}
        error={errors["age-range"]}
      />
      <fieldset className="min-w-0">
        <legend className="text-lg font-bold text-navy">{`6. ${contactQuestion.text}`}</legend>
        <div className="mt-3">
          <ContactFields idPrefix={idPrefix} errors={contactErrors} defaults={contactDefaults} />
        </div>
      </fieldset>
      <Honeypot />
      <div>
        <Button type="submit" className="px-8">
          {copy.submit}
        </Button>
        <ConsentNote kind="intake" field="consent-version" className="mt-4 text-ink/75" />
      </div>
    </form>
  );
}
