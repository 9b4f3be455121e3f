/**
 * Slot for the intake questionnaire (section anchor id contact-section).
 * Owned by the questionnaire feature, which replaces this body.
 */
export interface StartFormSectionProps {
  /** Question number to begin at (2 on service pages, 3 on triathlon/running). */
  startFromQuestion?: number;
  /** Prefilled answers by question number, e.g. { 1: "competition", 2: "triathlon" }. */
  answers?: Record<number, string>;
  title?: string;
}

export function StartFormSection({ title = "Start your free intake" }: StartFormSectionProps) {
  return (
    <section id="contact-section" aria-labelledby="contact-section-title" className="bg-sand px-4 py-16">
      <h2 id="contact-section-title" className="text-center text-3xl font-bold text-navy">
        {title}
      </h2>
    </section>
  );
}
