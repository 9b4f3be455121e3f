import type { PrivacyContent } from "./types";
import { retention, retentionNotice } from "./retention";
import { site } from "./site";

export const privacy: PrivacyContent = {
  lastUpdated: "2026-11-28",
  intro:
    "Your privacy matters to me. This notice explains which personal data Mila Jansen Coaching collects through this website and the coaching, why, on what legal basis, how long it is kept and which rights you have under the General Data Protection Regulation (GDPR). I keep it as short and clear as I can; if anything is unclear, just send me an e-mail.",
  sections: [
    {
      heading: "Who is responsible for your data",
      paragraphs: [
        `The controller of your personal data is Mila Jansen, trading as Mila Jansen Coaching, a sole proprietorship (eenmanszaak) based in Utrecht, the Netherlands, registered with the Netherlands Chamber of Commerce as ${site.registrationNumber}, VAT number ${site.vatNumber}.`,
        "For all questions about privacy you can reach me at hello@milajansen.coach. I handle every request personally.",
      ],
    },
    {
      heading: "Intake questionnaire",
      paragraphs: [
        "When you fill out the form to start coaching, I ask for the details below. I use them to prepare and hold your free intake: to understand your goals before we talk, to contact you to confirm the appointment and, if you decide to start, to write your first plan.",
        "The legal basis is taking steps at your request prior to entering into a contract (Article 6(1)(b) GDPR). If you choose to tell me about injuries or health conditions in your message or during the intake, I use that information only to make your training safe, based on your explicit consent (Article 9(2)(a) GDPR), which you can withdraw at any time.",
        "While you fill it in, your browser keeps the answers you have chosen so far (not your name, e-mail, phone number or message) in this tab's session storage, so a reload or a return to the page does not make you start again. It stays on your device, is not a cookie and is not sent anywhere; it is deleted when you send the form or close the tab. It is needed for the form you asked to fill in, so it does not ask for your consent.",
        "To see at which question people stop, the website counts, per day, how many visits reached each question. It sends only which question was reached: no cookie, no identifier, and your internet address is not stored, so the counts cannot be linked to you or to each other. Your browser notes in the same session storage which questions it has already counted, so a reload does not count them twice.",
      ],
      list: [
        "Name",
        "E-mail address",
        "Phone number (to confirm the intake via WhatsApp)",
        "Your goals and the programme you are interested in",
        "Gender",
        "Age range",
        "Your message, if you add one",
      ],
    },
    {
      heading: "Booking the free intake",
      paragraphs: [
        "You book the intake yourself through my scheduling service (Calendly). Calendly processes the name, e-mail address and time slot you enter so the appointment appears in both our calendars. After booking, I confirm the appointment personally by WhatsApp using the phone number you gave me.",
        "Calendly tells my website when you book or cancel the call, with your name, e-mail address, the time slot and a reference to your questionnaire, so I can see the booking next to your answers. I keep this for as long as I keep your questionnaire.",
      ],
    },
    {
      heading: "Event signup",
      paragraphs: [
        "When you reserve a spot for a group workout, such as the beach workout in Nicaragua, I collect your name and phone number, and your e-mail address if you choose to give it. I use these only to keep the list of participants and to let you know about your place and about changes, for example if the weather forces us to move or cancel. The legal basis is the performance of our agreement that you can take part (Article 6(1)(b) GDPR).",
        'The e-mail address is optional: without it you take part just the same, and I confirm your place by WhatsApp or text message. With it, my website e-mails you the confirmation with a calendar file, a reminder the day before, word at once if a place comes free for you on the waiting list, and one thank-you afterwards (see "Reminders and follow-up e-mails" below). It is kept and deleted with your signup.',
      ],
      list: [
        "Name",
        "Phone number",
        "E-mail address, if you give it (for the confirmation, the reminder, a place that comes free and the thank-you)",
      ],
    },
    {
      heading: "Reminders and follow-up e-mails",
      paragraphs: [
        "About something you asked for, my website sends a few e-mails on its own. The legal basis is the same as for what you asked for: taking steps at your request before a contract, or our agreement that you take part in an event (Article 6(1)(b) GDPR). None of them is advertising, and none goes between 21:00 and 08:00 Amsterdam time (an e-mail due then waits until 08:00), except the reminder one hour before your call.",
        "Every one of these e-mails has a link to stop them all at once. After you use it, nothing more is planned for your address; I keep only a one-way code of the address (a hash), so the stop stays in force without a readable copy of your address. They also stop when you ask me to erase your data, and none goes to an address the mail server has refused for good.",
      ],
      list: [
        "When you book the free intake: a reminder 24 hours and 1 hour before the call, with its time in your own time zone and the links to change or cancel it. If you cancel or move the call, the reminders are cancelled or moved with it.",
        "If we missed each other at the call: one e-mail with a link to book a new time.",
        "If you filled in the questionnaire but did not book a call: one e-mail 48 hours later with the booking link. It is not sent if you booked in the meantime, if I already contacted you, if you used the stop link or if your data was erased.",
        "For an event, when you gave your e-mail address with the signup: a confirmation with a calendar file, a reminder the day before with the time, the place and what to bring, an e-mail at once if a place came free for you on the waiting list, and one thank-you afterwards (with an invitation to the newsletter only if you are not subscribed).",
      ],
    },
    {
      heading: "Newsletter",
      paragraphs: [
        "If you sign up for the newsletter, I store your e-mail address and the page on which you signed up, so I know which topics interest you. I only send the newsletter with your consent (Article 6(1)(a) GDPR).",
        "Signing up works with a double opt-in: you first receive an e-mail with a confirmation link, and you are only added to the list after you click it. Every newsletter contains an unsubscribe link.",
        "After you confirm, you get a short welcome series on the same consent: the welcome e-mail at once, then two more within your first two weeks, one about my most-read articles and one about how the coaching works (never between 21:00 and 08:00 Amsterdam time). Unsubscribing from the newsletter, with the link at the bottom of each of them, stops the rest of the series.",
        "For each newsletter I send, I keep only whether it reached each address (delivered, or refused with the mail server's reason), so I can see the counts and who did not get it; I do not track whether you open it or which links you click. Its links to this website carry the newsletter's name in their address as campaign labels (utm_source=newsletter and the issue's name as utm_campaign), the same for every reader and never your e-mail address, so that I can count how many visits, questionnaires, sign-ups and orders an issue brought, never who. If the mail server refuses an address for good (it no longer exists, or its owner reported the newsletter as spam), I keep that address on a suppression list so no newsletter is sent to it again.",
      ],
      list: [
        "E-mail address",
        "Source page where you signed up",
        "Proof of your consent: when you signed up and confirmed, the exact text you agreed to, your browser and the network part of your internet address",
      ],
    },
    {
      heading: "Buying a coaching plan",
      paragraphs: [
        "Payments are handled by Stripe. You enter your card or bank details directly on Stripe's secure payment page; I never see or store them. From Stripe I receive your name, e-mail address, the plan you bought, the amount and the payment status.",
        "I use these details to deliver the coaching you ordered (Article 6(1)(b) GDPR) and to keep my accounts. Dutch tax law requires me to keep order and invoice records for 7 years (Article 6(1)(c) GDPR).",
        "If you use a discount code that is valid once per person, I keep the e-mail address you gave with the code's use, to check it is used once (performance of the contract: the code's terms are part of your purchase, Article 6(1)(b) GDPR). It is kept as long as the order it belongs to and deleted with it, or earlier if you ask me to erase your data. Codes that are not once per person keep no personal data.",
        "During the coaching I also process the information you share in check-ins and messages, such as training results, body measurements, photos if you choose to send them, and notes on nutrition, sleep and energy. I use this only to coach you.",
      ],
    },
    {
      heading: "How long I keep your data",
      paragraphs: [
        "I don't keep personal data longer than necessary for the purpose it was collected for. A job on the website removes what has passed these periods automatically.",
      ],
      list: retentionNotice,
    },
    {
      heading: "Who processes data on my behalf",
      paragraphs: [
        "I don't sell your data and only share it with service providers I need to run the business. They process data on my instructions under a data processing agreement.",
        "Where a provider is based outside the European Economic Area, such as Calendly and, for parts of its service, Stripe, the transfer is protected by the EU-U.S. Data Privacy Framework or the European Commission's standard contractual clauses.",
      ],
      list: [
        "Website hosting: a hosting provider with servers in the European Union",
        "Payments: Stripe",
        "Appointment scheduling: Calendly",
        "E-mail and newsletter: my e-mail and newsletter provider",
        "Messaging: WhatsApp, which we use for confirmations and coaching support; WhatsApp messages are end-to-end encrypted",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "Without your consent this website only places cookies that are essential for it to work, for example to remember your cookie choice or to keep the checkout working. These do not require consent.",
        "When you send the questionnaire, sign up for an event or the newsletter, or buy a plan, I store with it how you found me, as far as that form itself shows it: the page you sent it from and the campaign labels in that page's address (utm_source, utm_medium, utm_campaign, utm_term, utm_content), if you arrived through such a link. When you arrive through such a link or from another website and then open other pages, the website's own links carry those labels, the name of the website that linked to you (only its address, such as instagram.com), the first page you opened and the date on in their address (a parameter called via), so the form you send later can still say how you found me. Nothing is stored on your device for this. It tells me which posts and campaigns bring people to me (legitimate interest, Article 6(1)(f) GDPR) and is kept and deleted together with that record.",
        "Only if you accept analytics cookies does the website also remember, from the moment you accept, how you first found it, in a first-party cookie called first_touch that only this website reads and that is never shared: those campaign labels, the name of the website that linked to you (only its address, such as instagram.com, never the page), the first page you opened and the date. It holds no identifier, is at most 1,000 characters long and lasts 90 days; rejecting analytics cookies later removes it. A small cookie called cookie_consent records your choice itself, so that it is respected on every page.",

        "Analytics cookies, which help me understand how visitors use the site, are only placed if you accept them. You can change your choice at any time via 'Cookie settings' in the footer of every page.",
      ],
    },
    {
      heading: "Page-speed measurements",
      paragraphs: [
        "To keep this website quick on every phone, your browser measures three things about the page you are reading, once the page has finished loading: how long the main content took to appear, how quickly the page responded when you tapped or clicked, and how much the layout moved while it loaded. When you leave the page or switch to another app, these figures are sent to this website itself, never to anyone else.",
        `What is stored is only: which kind of page it was (for example "a blog post", never the exact address or anything after a question mark), the three figures, whether each is good or slow by Google's public standard, whether the screen was a phone, tablet or desktop (judged from the width of the window), a short technical label for the part of the page a figure points at (such as "header > img", which describes the page's layout, never anything you typed), and the date. No cookie is used, nothing is saved on your device, no identifier is sent, and your internet address is not stored, so the figures cannot be linked to you or to each other. That is why this measuring does not ask for your consent. The figures are deleted after ${retention.webVitalsDays} days.`,
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "I take appropriate technical and organisational measures to protect your data, such as an encrypted (HTTPS) connection to this website and accounts that only I can access. If a data breach ever occurs that puts your rights at risk, I will inform you and the Dutch Data Protection Authority as required by law.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You have the following rights regarding your personal data. To use any of them, send an e-mail to hello@milajansen.coach from the address you used on this site (or tell me which one it was). I will respond within one month, and I may ask you to confirm your identity before handing over or deleting data. A copy comes as one file in a common format (JSON) with everything I hold about you: questionnaires, event signups, newsletter subscription, bookings, orders and the records of your consent.",
        "If you are not satisfied with how I handle your data, please let me know so we can try to solve it. You also have the right to lodge a complaint with the Dutch Data Protection Authority, the Autoriteit Persoonsgegevens (autoriteitpersoonsgegevens.nl).",
      ],
      list: [
        "Access: ask which data I hold about you and receive a copy",
        "Rectification: have incorrect or incomplete data corrected",
        "Erasure: have your data deleted, unless I am legally required to keep it",
        "Objection and restriction: object to or limit certain processing",
        "Data portability: receive your data in a common, machine-readable format or have it sent to someone else",
        "Withdrawing consent: at any time, without affecting processing that took place before",
      ],
    },
    {
      heading: "How to unsubscribe",
      paragraphs: [
        "You can stop the newsletter at any time with the unsubscribe link at the bottom of every e-mail, or by sending a short message to hello@milajansen.coach. Reminders and follow-up e-mails have their own stop link at the bottom of each one. If you no longer want to receive WhatsApp messages from me, just tell me in the chat and I'll stop.",
      ],
    },
    {
      heading: "Changes and contact",
      paragraphs: [
        "I may update this notice when the website or my services change. The date at the top shows when it was last updated.",
        "Questions about your privacy? E-mail hello@milajansen.coach and I will get back to you personally.",
      ],
    },
  ],
};
