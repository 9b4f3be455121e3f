/**
 * Words the back office prepares for the trainer. `{firstName}` and `{goal}` are filled in
 * from the lead, `{event}` and `{date}` from the event; WhatsApp opens with this text in the
 * message box, so it can still be edited before sending.
 */
export const backOffice = {
  whatsAppGreeting:
    "Hi {firstName}, this is Mila from Mila Jansen Coaching. Thank you for filling in my questionnaire! I read that your goal is {goal}. When would suit you for a short call to talk about how we could get you there?",
  /** Used instead of the goal when the lead did not answer that question. */
  whatsAppGreetingNoGoal:
    "Hi {firstName}, this is Mila from Mila Jansen Coaching. Thank you for filling in my questionnaire! When would suit you for a short call to talk about what you would like to achieve?",
  /** To someone who signed up for an event. */
  eventWhatsApp: "Hi {firstName}, this is Mila, about {event} on {date}.",
  /** To someone moved up from the event's waiting list: the promise the waiting-list message made. */
  placeFreeWhatsApp:
    "Hi {firstName}, this is Mila. Good news: a place came free for {event} on {date}, and it is yours now. See you there! If you can no longer come, just let me know.",
};
