import type { Automation } from "./rules";

/**
 * The follow-ups' default words: Markdown like the newsletter, with `{{placeholders}}` filled per
 * person. She can replace any of them (follow_up_settings); these stand until she does. Every
 * mail also gets the stop link under it (not a placeholder: it cannot be left out).
 */
export interface FollowUpText {
  subject: string;
  body: string;
  /** What the placeholders of this automation are, for the editing screen. */
  placeholders: readonly string[];
}

export const DEFAULT_TEXTS: Record<Automation, FollowUpText> = {
  "call-24h": {
    subject: "Tomorrow: our intake call",
    body: [
      "Hi {{firstName}},",
      "",
      "A quick reminder of our free intake call: **{{callTime}}**.",
      "",
      "{{how}}",
      "",
      "Can't make it? [Choose another time]({{rescheduleLink}}) or [cancel the call]({{cancelLink}}).",
      "",
      "See you then,",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "callTime", "how", "rescheduleLink", "cancelLink"],
  },
  "call-1h": {
    subject: "In one hour: our intake call",
    body: [
      "Hi {{firstName}},",
      "",
      "Our intake call starts in an hour: **{{callTime}}**.",
      "",
      "{{how}}",
      "",
      "Something came up? [Choose another time]({{rescheduleLink}}) or [cancel the call]({{cancelLink}}).",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "callTime", "how", "rescheduleLink", "cancelLink"],
  },
  "no-show": {
    subject: "We missed each other: shall we pick another time?",
    body: [
      "Hi {{firstName}},",
      "",
      "I was ready for our intake call, but we didn't manage to talk. No problem: it happens.",
      "",
      "[Book a new time]({{bookingLink}}) that suits you better, or send me a message on [WhatsApp]({{whatsAppLink}}).",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "bookingLink", "whatsAppLink"],
  },
  nudge: {
    subject: "Your free intake call is one click away",
    body: [
      "Hi {{firstName}},",
      "",
      "Thanks for filling in the questionnaire. The next step is a free, no-obligation intake call in which we look at your goal together.",
      "",
      "[Pick a time for the call]({{bookingLink}})",
      "",
      "Rather ask something first? Send me a message on [WhatsApp]({{whatsAppLink}}).",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "bookingLink", "whatsAppLink"],
  },
  "event-confirmation": {
    subject: "Your place at {{eventTitle}}",
    body: [
      "Hi {{firstName}},",
      "",
      "Your place is confirmed: **{{eventTitle}}**, {{eventTime}}.",
      "",
      "Where: {{place}} ([map]({{mapLink}}))",
      "",
      "Bring: {{bring}}",
      "",
      "The calendar file attached puts it in your calendar.",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "eventTitle", "eventTime", "place", "mapLink", "bring"],
  },
  "event-reminder": {
    subject: "Tomorrow: {{eventTitle}}",
    body: [
      "Hi {{firstName}},",
      "",
      "See you tomorrow at **{{eventTitle}}**, {{eventTime}}.",
      "",
      "Where: {{place}} ([map]({{mapLink}}))",
      "",
      "Bring: {{bring}}",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "eventTitle", "eventTime", "place", "mapLink", "bring"],
  },
  "event-place": {
    subject: "A place came free for you: {{eventTitle}}",
    body: [
      "Hi {{firstName}},",
      "",
      "Good news: a place came free and it is yours. **{{eventTitle}}**, {{eventTime}}.",
      "",
      "Where: {{place}} ([map]({{mapLink}}))",
      "",
      "Bring: {{bring}}",
      "",
      "The calendar file attached puts it in your calendar.",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "eventTitle", "eventTime", "place", "mapLink", "bring"],
  },
  "event-thanks": {
    subject: "Thank you for coming to {{eventTitle}}",
    body: [
      "Hi {{firstName}},",
      "",
      "Thank you for joining **{{eventTitle}}**. I loved training with you.",
      "",
      "{{newsletterInvitation}}",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["firstName", "eventTitle", "newsletterInvitation"],
  },
  "welcome-articles": {
    subject: "Where to start: my most-read articles",
    body: [
      "Hi,",
      "",
      "A few days ago you joined my newsletter. Thank you! Before the next monthly issue, here is where I would start if I were you.",
      "",
      "The articles readers come back to most are about three things: **running further without getting injured**, **fitting strength training into a busy week**, and **eating well around your training** without counting every gram. You'll find them all on [the blog]({{blogLink}}).",
      "",
      "Training for a triathlon? Start with the posts on combining swim, bike and run: they answer the questions I get asked most often.",
      "",
      "Reply to this e-mail if there's a topic you'd like me to write about. I read every reply.",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["blogLink"],
  },
  "welcome-coaching": {
    subject: "How the coaching works (in three steps)",
    body: [
      "Hi,",
      "",
      "You've been getting my e-mails for about ten days now. Some readers ask what working with me actually looks like, so here it is in three steps:",
      "",
      "1. **A short questionnaire** about your goal, your week and your training so far. It takes a few minutes: [start here]({{startLink}}).",
      "2. **A free intake call** in which we look at your goal together and see whether my coaching fits. No obligation.",
      "3. **A plan made for you**, adjusted every week to how your training went, with me on WhatsApp when you have a question.",
      "",
      "Whether it's your first 10K, a faster marathon or your first triathlon: you train where and when it suits you, I keep an eye on the plan. [See the coaching options]({{servicesLink}}) and [the prices]({{pricingLink}}).",
      "",
      "Not now? That's fine: the monthly newsletter keeps coming with a workout and a recipe.",
      "",
      "Mila",
    ].join("\n"),
    placeholders: ["startLink", "servicesLink", "pricingLink"],
  },
};

/** The thank-you's one line for someone who does not get the newsletter yet (and nothing for a subscriber). */
export const NEWSLETTER_INVITATION =
  "If you'd like more of this, my [monthly newsletter]({{newsletterLink}}) has a workout and a recipe each month.";
