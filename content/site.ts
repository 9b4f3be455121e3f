import type { SiteContent } from "./types";

const greeting = "Hi Mila! I found your website and I'd love to hear more about online coaching.";

export const site: SiteContent = {
  name: "Mila Jansen Coaching",
  trainerName: "Mila Jansen",
  tagline: "One-to-one online coaching from a former competitive swimmer",
  description:
    "Personal online coaching with Mila Jansen, former national-level swimmer from Utrecht: a custom training plan, weekly check-ins and WhatsApp support for fitness, weight loss, muscle, running and triathlon. From {fromPrice} per month.",
  contactEmail: "hello@milajansen.coach",
  registrationNumber: "KvK 87654321",
  vatNumber: "NL004587321B01",
  address: { city: "Utrecht", country: "the Netherlands" },
  social: [
    { label: "Instagram", href: "https://www.instagram.com/milajansen.coach" },
    { label: "Strava", href: "https://www.strava.com/athletes/milajansen-coach" },
    { label: "LinkedIn", href: "https://www.linkedin.com/in/milajansen-coach" },
    { label: "YouTube", href: "https://www.youtube.com/@milajansen.coach" },
  ],
  messagingUrl: "https://wa.me/31612345678?text=" + encodeURIComponent(greeting),
  bookingUrl: "https://calendly.com/milajansen-coach/free-intake",
};
