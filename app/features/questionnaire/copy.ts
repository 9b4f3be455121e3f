// Texts of the questionnaire's views; the error texts are the site's fixed wording, kept word for word.

/** The step flow's own texts (the island's first file carries only these). */
export const questionnaireCopy = {
  submitting: "Submitting your form...",
  loadingStep: "Loading the contact fields...",
  offline: "The last step of the form could not be loaded. Check your connection and press Submit again.",
  next: "Next",
  back: "Back",
  submit: "Submit",
  stepLabel: (step: number, total: number) => `Step ${step} of ${total}`,
  fixErrors: (count: number) =>
    count === 1 ? "Please check the highlighted field." : `Please check the ${count} highlighted fields.`,
  rateLimited: "Too many submissions from your connection. Please wait a minute and try again.",
  notSaved:
    "Your form was not saved: the site cannot store it right now. Everything you filled in is still here, so you can send it again in a few minutes.",
  noAnswer: "The form could not be sent: no answer came from the site. Check your connection and press Submit again.",
  notSavedReach: "Or reach me directly:",
  notSavedWhatsApp: "WhatsApp",
  notSavedEmail: "e-mail",
} as const;

/** The thank-you view's texts (loaded with the view, after the answers are sent). */
export const thankYouCopy = {
  thanksTitle: "Thank you! Your answers are in.",
  thanksBody:
    "The next step is a free, no-strings intake call. Pick a time that suits you and I'll confirm it personally on WhatsApp.",
  scheduleButton: "Schedule your free intake call",
  schedulingOpening: "Opening the scheduling calendar...",
  schedulingNewTab: "The calendar opens in a new tab. If it didn't, use the button above.",
  leadReference: "Your reference",
  plansLink: "Already sure? See the coaching plans",
} as const;

/** The plain form's own texts (the page without JavaScript). */
export const basicFormCopy = {
  basicIntro: "Answer the questions below and send the form; I'll get back to you personally.",
  basicQ2Competition: "If you're training for a competition: which sport?",
  basicQ2Other: "Otherwise: how often do you exercise now?",
  basicQ3: "Only for competitions: what is your main goal?",
} as const;

/** The /start page (Inquiry Form). */
export const startPageCopy = {
  title: "Start your free intake",
  subtitle: "Answer a few quick questions, then book a free intake call. It takes about a minute.",
  description:
    "Tell me about your goals in a one-minute questionnaire and book a free, no-obligation intake call for online coaching.",
  back: "Back",
  errorTitle: "Almost there",
} as const;
