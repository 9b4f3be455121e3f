/** The newsletter form's messages in the page (read by the form, its enhancer and the subscribe endpoints). */
export const newsletterMessages = {
  success: "Thanks for subscribing! 🎉",
  error: "Oops! Something went wrong. Please try again.",
  invalidEmail: "Please enter a valid email address",
  emailLabel: "Email address",
  /** The same answer for every address, known or not. */
  resent: "If this address is waiting for confirmation, a new e-mail is on its way. Check your spam folder too.",
  /** Shown under an in-page form after a sign-up that waits for the double opt-in: "… to {email}." */
  checkInbox: "Almost done: click the link in the e-mail we just sent to",
  resendHeading: "Didn't get the e-mail?",
  resendButton: "Resend the confirmation e-mail",
  sending: "Sending…",
};
