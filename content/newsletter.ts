/**
 * Texts of the blog overview, the /sitemap page and the newsletter (forms, e-mails,
 * confirmation and unsubscribe pages). Blog posts themselves live in content/blog/*.md.
 */
export interface NewsletterCopy {
  title: string;
  description: string;
  ctaText: string;
  disclaimer?: string;
  inputPlaceholder: string;
}

export const blogOverview = {
  eyebrow: "The Training Journal",
  title: "Blog",
  heading: "Training tips that fit a real life",
  subtitle:
    "Practical advice on running, triathlon, strength and nutrition from Mila Jansen, written for people with full diaries and big goals.",
  metaDescription:
    "Coaching advice from Mila Jansen on running, triathlon, strength training, nutrition and staying fit with a busy schedule. New articles every month.",
  filterLabel: "Filter articles by category",
  allLabel: "All",
  readMore: "Read More",
  empty: "No articles in this category yet.",
};

export const blogPostCopy = {
  backToOverview: "← Back to Overview",
  breadcrumbLabel: "Breadcrumb",
  share: "Share",
  copy: "Copy",
  copied: "URL copied to clipboard!",
  moreArticles: "More Articles",
  relatedHeading: "Keep reading",
  by: "By",
  stickyDismiss: "Dismiss the newsletter bar",
};

export const sitemapPage = {
  heading: "Sitemap",
  intro: "Every page of the site in one place.",
  mainPages: "Main pages",
  home: "Home",
  services: "Coaching services",
  blog: "Blog articles",
  metaDescription:
    "All pages of Mila Jansen Coaching: services, pricing, the intake form and every blog article, grouped by topic.",
};

export const newsletterCopy: Record<"footer" | "blog-overview" | "in-article" | "sticky", NewsletterCopy> = {
  footer: {
    title: "Training tips in your inbox",
    description: "One useful e-mail a month: workouts, race preparation and nutrition that fits a busy week.",
    ctaText: "Subscribe",
    disclaimer: "No spam, just expert training tips. Unsubscribe anytime.",
    inputPlaceholder: "Enter your email",
  },
  "blog-overview": {
    title: "Never miss a new article",
    description:
      "Get new articles, free training plans and the occasional race-day checklist straight to your inbox. One e-mail a month, no fluff.",
    ctaText: "Subscribe",
    disclaimer: "No spam, just expert training tips. Unsubscribe anytime.",
    inputPlaceholder: "Enter your email",
  },
  "in-article": {
    title: "Get Your Free Training Plan",
    description: "Improve your performance with a structured plan built around your week.",
    ctaText: "Get My Plan",
    disclaimer: "No spam, just expert training tips. Unsubscribe anytime.",
    inputPlaceholder: "Enter your email",
  },
  sticky: {
    title: "Enjoying this article?",
    description: "Get the next one in your inbox.",
    ctaText: "Subscribe",
    inputPlaceholder: "Enter your email",
  },
};

// The in-page form's messages live in a file of their own: the browser's newsletter script takes only them.
export { newsletterMessages } from "./newsletter-messages";

/** The /newsletter page (result of a form sent without JavaScript, and of the confirmation link). */
export const newsletterPage = {
  title: "Newsletter",
  metaDescription:
    "Subscribe to the Mila Jansen Coaching newsletter: one e-mail a month with training tips, plans and checklists.",
  statuses: {
    subscribed: {
      heading: "Thanks for subscribing! 🎉",
      text: "A confirmation e-mail is on its way (if this address is new to the list). Click the button in it to confirm, and you're in.",
    },
    held: {
      heading: "Thanks: your sign-up arrived",
      text: "It came in so quickly that my spam check held it for me to look at by hand. Once I have, you get an e-mail to confirm your subscription.",
    },
    resent: {
      heading: "Check your inbox",
      text: "If this address is waiting for confirmation, a new e-mail is on its way. Check your spam folder too.",
    },
    confirmed: {
      heading: "You're subscribed",
      text: "Your subscription is confirmed. The next newsletter arrives at the start of the month. Every e-mail has a one-click unsubscribe link.",
    },
    "invalid-link": {
      heading: "This link has expired",
      text: "The confirmation link is no longer valid. Subscribe again below and you'll receive a fresh one.",
    },
    invalid: {
      heading: "Please check your e-mail address",
      text: "That doesn't look like a valid e-mail address. Please try again below.",
    },
    error: {
      heading: "Oops! Something went wrong. Please try again.",
      text: "Your subscription could not be saved. Please try again in a moment.",
    },
    "too-many": {
      heading: "Too many attempts",
      text: "Too many submissions from your connection. Please wait a minute and try again.",
    },
    /** The page adds the trainer's e-mail address and messaging link to this text. */
    "held-full": {
      heading: "Please reach me directly",
      text: "So many forms are waiting for my check right now that yours could not be kept.",
    },
  },
  formHeading: "Subscribe to the newsletter",
};

/** /newsletter/confirm: the e-mail link opens this page; only its button (a POST) confirms. */
export const confirmPage = {
  title: "Confirm your subscription",
  heading: "One click to confirm",
  text: (email: string) => `Confirm that ${email} should receive the newsletter.`,
  button: "Confirm my subscription",
  /** Under the button: opening the link alone changes nothing. */
  pressToFinish: "Press the button to finish. Nothing happens until you do.",
  invalidHeading: "This link has expired",
  invalidText: "The confirmation link is no longer valid. Subscribe again and you'll receive a fresh one.",
};

export const unsubscribePage = {
  title: "Unsubscribe",
  heading: "Unsubscribe from the newsletter",
  confirmText: (email: string) => `Stop sending the newsletter to ${email}?`,
  button: "Unsubscribe",
  doneHeading: "You're unsubscribed",
  doneText:
    "You won't receive the newsletter any more. Changed your mind? You can subscribe again at any time from the blog.",
  invalidHeading: "This unsubscribe link is not valid",
  invalidText:
    "Please use the link from your most recent e-mail, or send a short message to hello@milajansen.coach and I'll remove you by hand.",
};

export const confirmationEmail = {
  subject: "Please confirm your subscription",
  intro: "Thanks for signing up for my newsletter! Please confirm your e-mail address by opening the link below:",
  ignore: "Didn't sign up? Then you can ignore this e-mail: without confirmation you won't hear from me again.",
  button: "Confirm my subscription",
  unsubscribe: "Unsubscribe",
  signOff: "Mila",
};

/**
 * The one welcome e-mail a new subscriber gets right after confirming. Edit freely; each entry of
 * `paragraphs` becomes a paragraph. `offer.path` is the page of the free training-plan offer.
 */
export const welcomeEmail = {
  subject: "Welcome! Here's what to expect",
  greeting: "Hi there,",
  paragraphs: [
    "Thanks for confirming: you're on the list. Once a month I'll send you one e-mail with a workout idea, a race-preparation tip or a nutrition habit that fits a busy week.",
    "Want a plan built around your own week instead? Tell me about your goal and I'll write your first training plan for free after a short intake call.",
  ],
  offer: { label: "Get my free training plan", path: "/start" },
  signOff: "Mila",
  unsubscribe: "Unsubscribe",
};

/** The welcome e-mail's opening when the sign-up form an article carried promised a download. */
export const welcomeDownload = {
  intro: (label: string) =>
    `Here is what you asked for: ${label}. The link below is yours alone; it works whenever you need the guide again.`,
  pdfButton: "Download your guide",
  linkButton: "Open your guide",
  /** Under an article's sign-up form: what arrives, and when. */
  formNote: (label: string) =>
    `What you will receive: ${label}. It comes by e-mail with a download link of your own, right after you confirm your address.`,
};

/** The public archive of sent newsletters: the list on /newsletter and each issue's own page. */
export const newsletterArchive = {
  listHeading: "Past issues",
  listIntro: "Every newsletter I have sent, newest first: this is what you get once a month.",
  breadcrumb: "Newsletter",
  sentOn: "Sent on",
  moreIssues: "All past issues",
  form: {
    title: "Get the next one in your inbox",
    description: "One e-mail a month with training tips, plans and checklists that fit a busy week.",
    ctaText: "Subscribe",
    disclaimer: "No spam. Unsubscribe with one click in any e-mail.",
    inputPlaceholder: "Enter your email",
  } satisfies NewsletterCopy,
};
