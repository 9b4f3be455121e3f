import type { HomeContent } from "./types";

export const home: HomeContent = {
  metaTitle: "Mila Jansen Coaching | One-to-One Online Fitness & Endurance Coaching",
  metaDescription:
    "Get fit, lose weight, build muscle or race faster with personal online coaching from former competitive swimmer Mila Jansen. Custom plan, weekly check-ins and WhatsApp support from {fromPrice} per month.",
  hero: {
    title: "Personal Coaching That Moves With You",
    subtitle:
      "One-to-one online coaching from a former national-level swimmer: a plan built around your goal and your week, weekly check-ins and support whenever you need it.",
    cta: "Start Today",
    poster: {
      src: "home/hero-poster.svg",
      alt: "Illustration of a swimmer doing freestyle in a teal pool while a runner sprints along the coral running track beside it, in front of a glowing sun",
      width: 1920,
      height: 1080,
    },
    video: { webm: "video/hero.webm", mp4: "video/hero.mp4" },
  },
  servicesIntro: {
    title: "How Can I Help You?",
    subtitle: "Six programmes, one approach: a personal plan, honest feedback and a coach who is there every week.",
  },
  approach: {
    title: "My Approach",
    subtitle: "Lasting results come from three things working together. Your plan covers all of them.",
    pillars: [
      {
        title: "Training",
        description:
          "A week-by-week plan written for your goal, level, schedule and equipment. At least two sessions a week, each with a clear purpose, adjusted as you progress.",
        icon: "dumbbell",
      },
      {
        title: "Nutrition",
        description:
          "No crash diets or forbidden foods. Nutrition templates and a recipe database help you eat in a way that fuels your training and fits your life.",
        icon: "apple",
      },
      {
        title: "Mindset & Accountability",
        description:
          "Weekly check-ins and WhatsApp support keep you moving when motivation dips. A missed session is a reason to adjust, never to quit.",
        icon: "heart",
      },
    ],
  },
  start: {
    title: "Your Fitness Transformation",
    kicker: "START TODAY",
    steps: [
      {
        number: 1,
        title: "Fill Out the Form",
        description:
          "Answer a few short questions about your goals, your experience and what you'd like help with. It takes about two minutes.",
      },
      {
        number: 2,
        title: "Book Your FREE Intake",
        description:
          "Pick a time that suits you in the online calendar. I'll confirm your appointment personally on WhatsApp.",
      },
      {
        number: 3,
        title: "Begin Your Custom Plan",
        description:
          "In the intake we discuss your goals and the best approach, then create your plan together. You can start training within days.",
      },
    ],
  },
  faqTitle: "Frequently Asked Questions",
  testimonialsTitle: "What Clients Say",
};
