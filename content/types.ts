/**
 * Types of everything the trainer edits in `content/`. Components import these
 * data modules; they never hold business text, prices or contact details.
 */

/** A picture kept in content/media; the build renders rasters (AVIF/WebP, 3 widths) from it. */
export interface MediaImage {
  /** Path relative to content/media, e.g. "services/get-fit.svg". */
  src: string;
  alt: string;
  /** Intrinsic size of the artwork in CSS pixels (used for width/height, no layout shift). */
  width: number;
  height: number;
}

export interface SocialLink {
  label: string; // e.g. "Instagram"
  href: string;
}

export interface SiteContent {
  name: string; // business name
  trainerName: string;
  tagline: string;
  description: string; // default meta description; "{fromPrice}" stands for the lowest published monthly price
  contactEmail: string;
  /**
   * The business's one Chamber of Commerce (KvK) number and its VAT (btw) number. Every page
   * that names the business (footer, privacy notice, terms, order e-mail) reads them from here.
   */
  registrationNumber: string;
  vatNumber: string;
  address: { city: string; country: string };
  social: SocialLink[];
  /** Messaging-app (WhatsApp) chat link with a prefilled greeting. */
  messagingUrl: string;
  /** Public booking page of the scheduling service (used for the Custom plan and fallbacks). */
  bookingUrl: string;
}

export interface Feature {
  title: string;
  description: string;
  /** Name of an icon from app/ui/icon.tsx (kebab-case, e.g. "calendar", "chat", "dumbbell"). */
  icon: IconName;
}

export type IconName =
  | "calendar"
  | "chat"
  | "dumbbell"
  | "apple"
  | "chart"
  | "heart"
  | "clock"
  | "trophy"
  | "bike"
  | "run"
  | "swim"
  | "scale"
  | "target"
  | "video"
  | "book"
  | "check"
  | "star"
  | "flame"
  | "shield"
  | "users";

export interface FaqEntry {
  question: string;
  answer: string;
}

export interface Testimonial {
  id: number;
  name: string; // first name and initial, e.g. "Sanne K."
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  date: string; // YYYY-MM-DD
  /** Which programme the client followed, shown as a small label. */
  programme: string;
}

export type ServiceSlug =
  "get-fit" | "sports-coaching" | "weight-loss" | "build-muscle" | "triathlon-coaching" | "running-coaching";

export interface ServiceCard {
  slug: ServiceSlug;
  title: string;
  description: string;
  benefits: [string, string, string, string];
  image: MediaImage;
  learnMoreLink: string; // "/services/<slug>"
  features: Feature[];
}

export interface ServicePage {
  slug: ServiceSlug;
  metaTitle: string;
  metaDescription: string;
  hero: { eyebrow: string; title: string; subtitle: string; cta: string };
  intro: { title: string; paragraphs: string[]; image: MediaImage };
  /** 5 items on triathlon and running pages, 4-6 elsewhere. */
  benefits: string[];
  whatYouGet: Feature[];
  whyChoose: { title: string; points: Feature[] };
  /** Service-specific FAQ (3-5 entries). */
  faq: FaqEntry[];
  /** Sticky bottom bar text and button label. */
  stickyBar: { message: string; cta: string; storageKey: string };
  /** Questionnaire prefill. */
  prefill: { startFromQuestion: number; answers: Record<number, string> };
}

export interface Trainer {
  name: string;
  role: string;
  shortBio: string;
  bio: string[]; // paragraphs
  credentials: string[];
  image: MediaImage;
}

export interface Pillar {
  title: string;
  description: string;
  icon: IconName;
}

export interface StartStep {
  number: 1 | 2 | 3;
  title: string;
  description: string;
}

export interface HomeContent {
  metaTitle: string;
  metaDescription: string;
  hero: {
    title: string;
    subtitle: string;
    cta: string; // "Start Today"
    poster: MediaImage;
    /** Paths under content/media of the looping background video. */
    video: { webm: string; mp4: string };
  };
  servicesIntro: { title: string; subtitle: string };
  approach: { title: string; subtitle: string; pillars: [Pillar, Pillar, Pillar] };
  start: { title: string; kicker: string; steps: [StartStep, StartStep, StartStep] };
  faqTitle: string;
  testimonialsTitle: string;
}

export type Duration = "1" | "3" | "6";
export type BillingType = "onetime" | "monthly3x" | "monthly6x";

export interface PlanTier {
  id: "essential" | "progress" | "elite" | "custom";
  name: string;
  tagline: string;
  /** Monthly price in euro cents per duration; null for the custom plan ("Contact"). */
  monthlyPriceCents: Record<Duration, number> | null;
  features: string[];
  highlight: boolean; // "Most popular"
}

export interface PricingContent {
  title: string; // "Flexible Plans for Every Goal"
  subtitle: string;
  /** The duration toggle; its savings notices are computed from the prices, never typed. */
  durations: { value: Duration; label: string; billingType: BillingType }[];
  plans: PlanTier[];
  afterPaymentNote: string; // coach contacts within 24 hours
}

export interface EventContent {
  title: string; // "Spicy Booty & Abs Workout"
  /** Wall-clock start at the venue, "YYYY-MM-DDTHH:mm" (no offset: the zone decides it). */
  startsLocal: string;
  /** IANA time zone of the venue (America/Managua): the labels and the days left use its calendar. */
  timeZone: string;
  durationMinutes: number;
  venue: string;
  /** The venue's street or beach access, for the full address search engines ask for. */
  streetAddress: string;
  locality: string;
  /** Department, province or state of the locality. */
  region: string;
  country: string;
  /** ISO 3166-1 alpha-2 code of the country (NI). */
  countryCode: string;
  /** Places; when they are taken, the form fills a waiting list. */
  capacity: number;
  costLabel: string; // "10 dollars cash"
  equipmentLabel: string; // "Mats provided"
  /** Price in whole units of currency, for structured data. */
  price: { amount: number; currency: string };
  description: string[];
  bringList: string[];
  buttonLabel: string; // "Reserve My Spot"
  thanks: string;
  /** Shown instead of the form once the event has started. */
  closedTitle: string;
  closedText: string;
  image: MediaImage;
}

export interface PrivacySection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface PrivacyContent {
  lastUpdated: string; // YYYY-MM-DD
  intro: string;
  sections: PrivacySection[];
}

/** A blog post's own wording for its newsletter form; blog/rules.ts fills in what is left out. */
export interface LeadFormContent {
  title?: string;
  description?: string;
  ctaText?: string;
  disclaimer?: string;
  inputPlaceholder?: string;
  serviceType?: string;
}

/** Front matter of a blog post file content/blog/<slug>.md (validated at build). */
export interface BlogFrontMatter {
  slug: string;
  title: string;
  excerpt: string;
  date: string; // YYYY-MM-DD
  category?: "Triathlon" | "Running" | "Training" | "Nutrition" | "Fitness";
  author: string;
  authorTitle: string;
  image: string; // path relative to content/media, e.g. "blog/optimize-running-cadence.svg"
  imageAlt: string;
  keywords: string[];
  metaTitle?: string;
  metaDescription?: string;
  leadFormContent?: LeadFormContent;
}
