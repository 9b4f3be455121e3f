import { questionnaireCopy as copy } from "./copy";
import type { TrainerReach } from "./outcome";

/**
 * The answer when the site could not keep a submission at all: it says so (never "thank you"),
 * and gives the trainer's WhatsApp and e-mail, above the form that still holds what was typed.
 */
export function NotSaved({ message, reach }: { message: string; reach: TrainerReach }) {
  const link = "font-semibold underline underline-offset-4";
  return (
    <div role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      <p>{message}</p>
      <p className="mt-2">
        {copy.notSavedReach}{" "}
        <a href={reach.messagingUrl} target="_blank" rel="noopener noreferrer" className={link}>
          {copy.notSavedWhatsApp}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        ·{" "}
        <a href={`mailto:${reach.email}`} className={link}>
          {copy.notSavedEmail} {reach.email}
        </a>
      </p>
    </div>
  );
}
