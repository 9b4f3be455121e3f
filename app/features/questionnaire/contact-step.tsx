import { currentConsent } from "#content/consent";
import { ConsentNote } from "~/ui/consent-note";

/**
 * The questionnaire's last step, loaded when the step before it is shown (questionnaire.tsx): the
 * contact fields, their rules and the consent sentence are not needed for the first answers, so the
 * island's first file leaves them out (docs/decisions/027-island-budgets.md).
 */
export { ContactFields } from "./contact-fields";
export { validateContact } from "./contact-rules";

/** The consent text's version the visitor saw under the form, posted with the answers. */
export const intakeConsentVersion = currentConsent.intake;

export function IntakeConsentNote({ className }: { className?: string }) {
  return <ConsentNote kind="intake" className={className} />;
}
