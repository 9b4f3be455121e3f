/** The password-reset e-mail; the link is valid for 30 minutes and works once. */
export function passwordResetMail(url: string): { subject: string; text: string } {
  return {
    subject: "Reset your back-office password",
    text: [
      "Someone (hopefully you) asked to reset the password of the Mila Jansen Coaching back office.",
      "",
      `Choose a new password here (the link works once, for 30 minutes): ${url}`,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}
