import { useLocation } from "react-router";
import { Island } from "~/features/islands/island";
import { BasicIntakeForm } from "./basic-form";
import { OptionIconSprite } from "./option-icons";
import { usePublicEnv } from "./public-env";
import { QuestionnaireIsland, type QuestionnaireIslandProps } from "./questionnaire-island";

/**
 * The intake questionnaire section (anchor id contact-section, form id fitness-form).
 * With JavaScript it is the animated step flow; without it, the <noscript> plain form
 * with every question on one page, posting to /start.
 */
export interface StartFormSectionProps {
  /** Question number to begin at (2 on service pages, 3 on triathlon/running). */
  startFromQuestion?: number;
  /** Prefilled answers by question number, e.g. { 1: "competition", 2: "triathlon" }. */
  answers?: Record<number, string>;
  title?: string;
  /** Short line under the title. */
  subtitle?: string;
  /** 1 on the /start page, where the section is the page's main content. */
  headingLevel?: 1 | 2;
}

export function StartFormSection({
  title = "Start your free intake",
  subtitle = "A few quick questions, then you book a free intake call. It takes about a minute.",
  startFromQuestion,
  answers,
  headingLevel = 2,
}: StartFormSectionProps) {
  const { pathname } = useLocation();
  const island: QuestionnaireIslandProps = {
    startFromQuestion,
    answers,
    questionHeadingLevel: headingLevel === 1 ? 2 : 3,
    publicEnv: usePublicEnv(),
  };
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section id="contact-section" aria-labelledby="contact-section-title" className="bg-sand/60 px-4 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl text-center">
        <Heading id="contact-section-title" className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">
          {title}
        </Heading>
        {subtitle && <p className="mt-3 text-lg text-ink/80">{subtitle}</p>}
      </div>
      <div className="mt-10" data-questionnaire-flow="">
        <OptionIconSprite />
        {/* An island: it hydrates on its own, early, and answers taps made before it runs. */}
        <Island name="questionnaire" props={island} render={() => <QuestionnaireIsland {...island} />} />
      </div>
      <noscript>
        <div className="mx-auto mt-10 max-w-3xl rounded-3xl bg-white p-5 shadow-xl sm:p-10">
          <BasicIntakeForm sourcePath={pathname} answers={answers} />
        </div>
      </noscript>
    </section>
  );
}
