import type { Feature, MediaImage, ServiceCard, ServiceSlug } from "./types";

/** Artwork of each service, kept in content/media/services/<slug>.svg (1200x800). */
export const serviceImages: Record<ServiceSlug, MediaImage> = {
  "get-fit": {
    src: "services/get-fit.svg",
    alt: "Illustration of a woman doing a walking lunge on a mat beside a kettlebell, with a sunrise over water behind her",
    width: 1200,
    height: 800,
  },
  "sports-coaching": {
    src: "services/sports-coaching.svg",
    alt: "Illustration of an athlete exploding out of a sprint start on a track, with lane lines and a stopwatch shape",
    width: 1200,
    height: 800,
  },
  "weight-loss": {
    src: "services/weight-loss.svg",
    alt: "Illustration of a person jogging towards a bowl of fresh fruit and vegetables, under a descending progress chart",
    width: 1200,
    height: 800,
  },
  "build-muscle": {
    src: "services/build-muscle.svg",
    alt: "Illustration of an athlete in a deep squat with a loaded barbell across the shoulders, on a lifting platform",
    width: 1200,
    height: 800,
  },
  "triathlon-coaching": {
    src: "services/triathlon-coaching.svg",
    alt: "Illustration of the three triathlon disciplines in a row: a swimmer in open water, a cyclist and a runner",
    width: 1200,
    height: 800,
  },
  "running-coaching": {
    src: "services/running-coaching.svg",
    alt: "Illustration of a runner mid-stride on a road that winds towards hills and a low sun",
    width: 1200,
    height: 800,
  },
};

export const serviceCards: ServiceCard[] = [
  {
    slug: "get-fit",
    title: "Get Fit",
    description:
      "More energy, a stronger body and a routine that finally sticks. A balanced plan of strength, conditioning and mobility built around your week.",
    benefits: [
      "Training plan that fits your schedule",
      "Works at home, outdoors or in the gym",
      "Weekly check-ins and adjustments",
      "WhatsApp support when you need it",
    ],
    image: serviceImages["get-fit"],
    learnMoreLink: "/services/get-fit",
    features: [
      {
        title: "Week-by-week plan",
        description: "Clear sessions in your online environment, ready for each week.",
        icon: "calendar",
      },
      {
        title: "Strength and stamina",
        description: "A mix of strength, cardio and mobility that builds all-round fitness.",
        icon: "heart",
      },
      {
        title: "Progress you can see",
        description: "Simple measurements so you know the work is paying off.",
        icon: "chart",
      },
    ],
  },
  {
    slug: "sports-coaching",
    title: "Sports Coaching",
    description:
      "Perform better in your sport and in competition. Strength, speed and conditioning planned around your season, your matches and your races.",
    benefits: [
      "Periodised around your competition calendar",
      "Sport-specific strength and power",
      "Injury-prevention work built in",
      "Mental preparation for match and race day",
    ],
    image: serviceImages["sports-coaching"],
    learnMoreLink: "/services/sports-coaching",
    features: [
      {
        title: "Season planning",
        description: "Build-up, peak and recovery phases timed to the moments that count.",
        icon: "trophy",
      },
      {
        title: "Performance testing",
        description: "Benchmarks at the start and along the way to measure real gains.",
        icon: "target",
      },
      {
        title: "Coach with a racing past",
        description: "Twelve years of competitive swimming, now on your side.",
        icon: "star",
      },
    ],
  },
  {
    slug: "weight-loss",
    title: "Weight Loss",
    description:
      "Lose weight without crash diets or forbidden foods. Training and eating habits you can keep up, so the result lasts.",
    benefits: [
      "No crash diets, no forbidden foods",
      "Nutrition templates and a recipe database",
      "Training that protects your muscle",
      "Weekly accountability that keeps you going",
    ],
    image: serviceImages["weight-loss"],
    learnMoreLink: "/services/weight-loss",
    features: [
      {
        title: "Realistic nutrition",
        description: "Meals built from food you like, portioned to your goal.",
        icon: "apple",
      },
      {
        title: "Steady, tracked progress",
        description: "Weight, measurements and habits tracked in each check-in.",
        icon: "scale",
      },
      {
        title: "Support between check-ins",
        description: "A hard day? Send a message instead of giving up.",
        icon: "chat",
      },
    ],
  },
  {
    slug: "build-muscle",
    title: "Build Muscle",
    description:
      "Gain strength and muscle with a structured programme, smart progression and enough food to grow, whether you are new to lifting or stuck on a plateau.",
    benefits: [
      "Structured programme with planned progression",
      "Technique feedback on your lifts",
      "Nutrition that supports muscle growth",
      "Plateau-breaking adjustments along the way",
    ],
    image: serviceImages["build-muscle"],
    learnMoreLink: "/services/build-muscle",
    features: [
      {
        title: "Progressive overload",
        description: "Sets, reps and weights planned so you keep getting stronger.",
        icon: "dumbbell",
      },
      {
        title: "Form check by video",
        description: "Send a clip of your lift and get concrete pointers back.",
        icon: "video",
      },
      {
        title: "Fuel for growth",
        description: "Protein and energy targets that match your training.",
        icon: "apple",
      },
    ],
  },
  {
    slug: "triathlon-coaching",
    title: "Triathlon Coaching",
    description:
      "Swim, bike and run towards race day with one plan that balances all three, coached by a former competitive swimmer.",
    benefits: [
      "Balanced swim, bike and run sessions",
      "Swim technique from a former competitive swimmer",
      "Brick sessions and transition practice",
      "Race-day pacing and nutrition strategy",
    ],
    image: serviceImages["triathlon-coaching"],
    learnMoreLink: "/services/triathlon-coaching",
    features: [
      {
        title: "Open-water confidence",
        description: "Sighting, drafting and calm breathing for a stress-free swim.",
        icon: "swim",
      },
      {
        title: "Bike and run build-up",
        description: "Volume and intensity that grow safely towards your race.",
        icon: "bike",
      },
      {
        title: "Race-date planning",
        description: "A plan worked backwards from your race, including the taper.",
        icon: "calendar",
      },
    ],
  },
  {
    slug: "running-coaching",
    title: "Running Coaching",
    description:
      "From your first 5K to a marathon personal best. Smart build-up, structured workouts and strength work that keeps you running.",
    benefits: [
      "Plans for 5K up to the marathon",
      "Easy, tempo and interval runs at your paces",
      "Strength work to stay injury-free",
      "Taper and race-day pacing plan",
    ],
    image: serviceImages["running-coaching"],
    learnMoreLink: "/services/running-coaching",
    features: [
      {
        title: "Personal pace zones",
        description: "Every run has a purpose and a pace that suits you today.",
        icon: "run",
      },
      {
        title: "Injury prevention",
        description: "Gradual mileage increases and runner-specific strength.",
        icon: "shield",
      },
      {
        title: "Race-ready",
        description: "Tapering, pacing and fuelling planned for your goal race.",
        icon: "trophy",
      },
    ],
  },
];

/** Features shared by every coaching programme. */
export const coachingBasics: Feature[] = [
  {
    title: "Custom training plan",
    description:
      "A week-by-week plan in your own online environment, written for your goal, level, schedule and equipment.",
    icon: "calendar",
  },
  {
    title: "Weekly check-ins",
    description:
      "Every week you share how training, food, sleep and energy went; I review it and adjust the coming week.",
    icon: "chart",
  },
  {
    title: "WhatsApp support",
    description:
      "Questions about an exercise, a busy week or a restaurant menu? Send a message and get a personal answer.",
    icon: "chat",
  },
  {
    title: "Nutrition templates and recipes",
    description:
      "Practical templates and a searchable recipe database, so eating well doesn't mean starting from scratch.",
    icon: "book",
  },
];

export interface ServicesOverview {
  metaTitle: string;
  metaDescription: string;
  hero: { title: string; subtitle: string };
  whyChoose: { title: string; points: Feature[] };
  features: Feature[];
  cta: { title: string; text: string; button: "Book Free Intake" };
}

export const servicesOverview: ServicesOverview = {
  metaTitle: "Online Coaching Services | Mila Jansen Coaching",
  metaDescription:
    "Personal online coaching for getting fit, weight loss, building muscle, sports competition, triathlon and running. Custom plans, weekly check-ins and WhatsApp support from {fromPrice} per month.",
  hero: {
    title: "Coaching for Every Goal",
    subtitle:
      "Whether you want to feel fitter, lose weight, get stronger or race faster: every programme is one-to-one, online and built entirely around you.",
  },
  whyChoose: {
    title: "Why Choose Mila Jansen Coaching",
    points: [
      {
        title: "An athlete's background",
        description:
          "Twelve years of competitive swimming at national level, in the 200 metres freestyle and medley, then years of coaching others.",
        icon: "trophy",
      },
      {
        title: "Truly personal",
        description:
          "No templates with your name on top: your plan is written for your goal, your level and your week.",
        icon: "target",
      },
      {
        title: "Coaching from anywhere",
        description: "Based in Utrecht, coaching clients all over the world in English, at times that suit you.",
        icon: "users",
      },
      {
        title: "Built to last",
        description: "Sustainable habits instead of quick fixes, so your results stay when the programme ends.",
        icon: "shield",
      },
    ],
  },
  features: coachingBasics,
  cta: {
    title: "Not Sure Which Programme Fits?",
    text: "Book a free, no-obligation intake. We'll talk about your goals and I'll tell you honestly which approach suits you best.",
    button: "Book Free Intake",
  },
};
