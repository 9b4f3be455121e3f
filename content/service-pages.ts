/**
 * The full copy of the six service pages. Kept apart from services.ts (cards and the
 * overview, used in the header and footer of every page) so those pages don't ship it.
 */
import type { ServicePage, ServiceSlug } from "./types";
import { coachingBasics, serviceImages } from "./services";

export const servicePages: Record<ServiceSlug, ServicePage> = {
  "get-fit": {
    slug: "get-fit",
    metaTitle: "Get Fit with Online Coaching | Mila Jansen Coaching",
    metaDescription:
      "Get fitter, stronger and more energetic with one-to-one online coaching from Mila Jansen: a custom plan, weekly check-ins and WhatsApp support. From {fromPrice} per month.",
    hero: {
      eyebrow: "Get Fit",
      title: "Feel Strong, Fit and Full of Energy",
      subtitle:
        "A personal training plan that fits your life, with a coach who checks in every week and answers your questions in between.",
      cta: "Start Today",
    },
    intro: {
      title: "Fitness That Fits Into Your Week",
      paragraphs: [
        "Getting fit isn't complicated, but staying with it is. Most people don't fail because they pick the wrong exercises; they fail because the plan doesn't match their life. So we start with your life: how much time you have, where you can train, what you enjoy and what has gone wrong before.",
        "From there I write a balanced plan of strength training, conditioning and mobility. Two sessions a week is enough to start making progress, and we add more when you are ready. Every week you check in, I look at how it went and the next week is adjusted to match.",
        "After a few weeks you'll notice the difference: climbing stairs without getting out of breath, carrying the shopping with ease, sleeping better and simply feeling more like yourself.",
      ],
      image: serviceImages["get-fit"],
    },
    benefits: [
      "More energy during the day and better sleep at night",
      "A stronger back, core and legs for everyday life",
      "Better stamina for sport, play and adventures",
      "A routine that survives busy weeks and holidays",
      "Confidence in what you're doing in every session",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Home, gym or outdoors",
        description:
          "Sessions for whatever you have: a full gym, a few dumbbells at home or just a park and your own body weight.",
        icon: "dumbbell",
      },
    ],
    whyChoose: {
      title: "Why Get Fit with Mila",
      points: [
        {
          title: "Built around you",
          description: "No copy-paste programme: your plan starts from your starting point, schedule and preferences.",
          icon: "target",
        },
        {
          title: "A coach who knows training",
          description: "Twelve years of competitive swimming taught me what consistent, well-planned training can do.",
          icon: "star",
        },
        {
          title: "Accountability without pressure",
          description: "Weekly check-ins keep you on track; a missed session is a reason to adjust, not to give up.",
          icon: "heart",
        },
      ],
    },
    faq: [
      {
        question: "I haven't exercised in years. Where do we start?",
        answer:
          "We start where you are today, not where you were years ago. The first weeks focus on learning the movements and building a habit with short, manageable sessions. The load goes up only when your body is ready for it.",
      },
      {
        question: "How much time do I need per week?",
        answer:
          "Two sessions of 45 to 60 minutes a week is a good minimum. If your schedule is tight we can also work with shorter sessions more often. The plan is built around the time you really have.",
      },
      {
        question: "Can I train at home?",
        answer:
          "Yes. A pair of dumbbells or a kettlebell and some resistance bands go a long way, and body-weight sessions work too. Tell me in the intake what you have and the plan will be built around it.",
      },
    ],
    stickyBar: {
      message: "Ready to feel fitter within a few weeks?",
      cta: "Start Today",
      storageKey: "get-fit-cta",
    },
    prefill: { startFromQuestion: 2, answers: { 1: "getting-fit" } },
  },

  "sports-coaching": {
    slug: "sports-coaching",
    metaTitle: "Online Sports & Competition Coaching | Mila Jansen Coaching",
    metaDescription:
      "Perform at your best in competition with online coaching from former national-level swimmer Mila Jansen: season planning, sport-specific strength and race preparation.",
    hero: {
      eyebrow: "Sports Coaching",
      title: "Train Like an Athlete, Compete Like One",
      subtitle:
        "Strength, speed and conditioning planned around your season by a coach who spent twelve years racing at national level.",
      cta: "Start Today",
    },
    intro: {
      title: "Preparation That Peaks at the Right Moment",
      paragraphs: [
        "I swam the 200 metres freestyle and individual medley at national level for years. What made the difference was rarely one hard session; it was the planning around it. Knowing when to push, when to back off, and arriving at the important race fresh and sharp.",
        "That is what I bring to your sport. Whether you swim, play a team sport, race in cycling or compete in a combat sport, I plan your strength, speed and conditioning work around your training with your club and your competition calendar, so the extra work makes you better instead of more tired.",
        "We test where you stand at the start, set clear performance targets and check progress along the way. Together with injury-prevention work and mental preparation, you step into competition knowing you are ready.",
      ],
      image: serviceImages["sports-coaching"],
    },
    benefits: [
      "Peak at the competitions that matter most to you",
      "More power, speed and endurance specific to your sport",
      "Fewer injuries through targeted prevention work",
      "A plan that complements your club training instead of competing with it",
      "Calmer nerves and a clear routine on competition day",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Season periodisation",
        description:
          "Preparation, competition and recovery phases mapped onto your real calendar of matches and races.",
        icon: "trophy",
      },
      {
        title: "Performance benchmarks",
        description:
          "Simple tests for strength, speed and endurance at the start and throughout, so progress is measurable.",
        icon: "target",
      },
    ],
    whyChoose: {
      title: "Why Athletes Train with Mila",
      points: [
        {
          title: "She's been there",
          description:
            "Twelve years of competitive swimming at national level: early mornings, tapers, race nerves and all.",
          icon: "swim",
        },
        {
          title: "Load that makes sense",
          description:
            "Your club sessions are part of the plan, so you don't end up overtrained right before a big event.",
          icon: "chart",
        },
        {
          title: "Race-day mindset",
          description: "Routines and preparation that help you perform under pressure, not just in training.",
          icon: "flame",
        },
      ],
    },
    faq: [
      {
        question: "Which sports do you coach?",
        answer:
          "My own background is swimming, but the principles of athletic preparation apply to almost every sport. I regularly work with swimmers, runners, triathletes, cyclists and team-sport players. In the intake we look at whether my approach fits your sport.",
      },
      {
        question: "Do you replace my club coach?",
        answer:
          "No, I work alongside them. Your club training stays the same; I add the strength, conditioning and recovery work around it and plan the overall load so everything fits together.",
      },
      {
        question: "When should I start before an important competition?",
        answer:
          "Ideally 12 to 16 weeks before, which leaves time for a proper build-up and a taper. If your event is sooner we can still make meaningful improvements; we simply focus on what has the biggest effect in the time available.",
      },
    ],
    stickyBar: {
      message: "Got a competition coming up? Let's plan your peak.",
      cta: "Start Today",
      storageKey: "sports-coaching-cta",
    },
    prefill: { startFromQuestion: 2, answers: { 1: "competition" } },
  },

  "weight-loss": {
    slug: "weight-loss",
    metaTitle: "Online Weight Loss Coaching | Mila Jansen Coaching",
    metaDescription:
      "Lose weight for good with one-to-one online coaching: a personal training plan, realistic nutrition, weekly check-ins and WhatsApp support. No crash diets. From {fromPrice} per month.",
    hero: {
      eyebrow: "Weight Loss",
      title: "Lose Weight Without Losing Your Life",
      subtitle:
        "No crash diets and no forbidden foods: a realistic plan for training and eating, with weekly support to help you stick with it.",
      cta: "Start Today",
    },
    intro: {
      title: "A Result That Lasts This Time",
      paragraphs: [
        "Most diets work for a few weeks, and then life gets in the way. A birthday, a busy week at work, a holiday, and the weight comes back. That isn't a lack of willpower; it is a plan that was never built to last.",
        "We take a different route. You eat the food you like, in amounts that suit your goal, with help from nutrition templates and a recipe database full of simple meals. Strength training protects your muscle so that what you lose is fat, and your daily activity gets a gentle boost.",
        "Every week we look at your progress together: not only the scale, but also your measurements, energy, sleep and how you feel about food. When something isn't working, we change it, and when a hard day comes, you can send me a message instead of throwing in the towel.",
      ],
      image: serviceImages["weight-loss"],
    },
    benefits: [
      "Steady fat loss without going hungry",
      "Meals you actually enjoy, including a social life",
      "A stronger, firmer body through strength training",
      "Fewer cravings and more stable energy",
      "Habits that keep the weight off after the programme",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Progress beyond the scale",
        description: "Measurements, photos if you like, energy and habits: a complete picture of how you're doing.",
        icon: "scale",
      },
    ],
    whyChoose: {
      title: "Why Lose Weight with Mila",
      points: [
        {
          title: "No all-or-nothing",
          description: "A meal out or a weekend away is planned for, not something to feel guilty about.",
          icon: "heart",
        },
        {
          title: "Training that shapes",
          description: "Strength work keeps your muscle and metabolism up while the fat comes off.",
          icon: "dumbbell",
        },
        {
          title: "Someone in your corner",
          description: "Weekly check-ins and WhatsApp support mean you never have to figure it out alone.",
          icon: "users",
        },
      ],
    },
    faq: [
      {
        question: "How much weight can I expect to lose?",
        answer:
          "A healthy and sustainable pace is roughly 0.5 to 1 percent of your body weight per week. Some weeks will be faster, some slower, and that is normal. We focus on a pace you can keep up, because that's what makes the result last.",
      },
      {
        question: "Do I have to count calories?",
        answer:
          "Not necessarily. Some clients like tracking for a while to learn about portions; others do better with templates and simple guidelines. We choose the approach that suits you.",
      },
      {
        question: "Will I have to give up foods I love?",
        answer:
          "No. There are no forbidden foods in my coaching. We make room for the things you enjoy and build the rest of your eating around them.",
      },
    ],
    stickyBar: {
      message: "Lose weight in a way you can keep up.",
      cta: "Start Today",
      storageKey: "weight-loss-cta",
    },
    prefill: { startFromQuestion: 2, answers: { 1: "weight-loss" } },
  },

  "build-muscle": {
    slug: "build-muscle",
    metaTitle: "Online Muscle Building Coaching | Mila Jansen Coaching",
    metaDescription:
      "Build muscle and strength with a structured online programme: planned progression, technique feedback, nutrition for growth and weekly check-ins with coach Mila Jansen.",
    hero: {
      eyebrow: "Build Muscle",
      title: "Get Stronger Every Single Month",
      subtitle:
        "A structured strength programme with planned progression, technique feedback and nutrition that gives your muscles something to grow with.",
      cta: "Start Today",
    },
    intro: {
      title: "Structure Beats Random Workouts",
      paragraphs: [
        "Building muscle comes down to three things: training hard enough, increasing the load over time and eating and sleeping enough to recover. It sounds simple, yet many people train for years without real progress because one of those three is missing.",
        "Your programme tells you exactly which exercises, sets, reps and weights to do each week, with planned progression so you keep getting stronger. Send me a video of a lift and you'll get concrete technique pointers back, whether you're just learning to squat or chasing a new personal record.",
        "Alongside the training we set protein and energy targets that match your goal, using the nutrition templates and recipe database. In the weekly check-ins we look at your logbook, and when progress stalls, we change the plan before frustration sets in.",
      ],
      image: serviceImages["build-muscle"],
    },
    benefits: [
      "Visible muscle gain in the areas you care about",
      "Measurable strength increases on your main lifts",
      "Safe, confident technique on every exercise",
      "Eating enough to grow, without just gaining fat",
      "A programme that evolves as you get stronger",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Technique feedback",
        description: "Film a set, send it over and get clear, specific pointers to lift safer and heavier.",
        icon: "video",
      },
      {
        title: "Training log review",
        description: "Your weights and reps are reviewed each week so progression stays on track.",
        icon: "chart",
      },
    ],
    whyChoose: {
      title: "Why Build Muscle with Mila",
      points: [
        {
          title: "Progression, planned",
          description: "No guessing what to lift today: every block builds on the last one.",
          icon: "dumbbell",
        },
        {
          title: "For beginners and experienced lifters",
          description: "From your first time under a barbell to breaking through a long plateau.",
          icon: "users",
        },
        {
          title: "Nutrition that matches",
          description: "Protein and energy targets built into realistic meals, not endless shakes.",
          icon: "apple",
        },
      ],
    },
    faq: [
      {
        question: "Do I need a gym for this programme?",
        answer:
          "For the best results a gym with barbells, dumbbells and a rack is ideal. With a good home setup, such as adjustable dumbbells and a bench, you can also make solid progress. We'll go through your options in the intake.",
      },
      {
        question: "How fast can I gain muscle?",
        answer:
          "Beginners often notice strength gains within a few weeks and visible changes within two to three months. Experienced lifters gain more slowly, which makes smart programming and nutrition even more important.",
      },
      {
        question: "Will I get bulky?",
        answer:
          "Only if that is your goal. Building a significant amount of muscle takes years of focused work and eating. Most clients, women especially, find they look leaner, more defined and feel far stronger.",
      },
    ],
    stickyBar: {
      message: "Stop guessing in the gym. Start progressing.",
      cta: "Start Today",
      storageKey: "build-muscle-cta",
    },
    prefill: { startFromQuestion: 2, answers: { 1: "build-muscle" } },
  },

  "triathlon-coaching": {
    slug: "triathlon-coaching",
    metaTitle: "Online Triathlon Coaching | Mila Jansen Coaching",
    metaDescription:
      "Online triathlon coaching from a former competitive swimmer: one balanced swim, bike and run plan, open-water skills, brick sessions and a race-day strategy. Sprint to full distance.",
    hero: {
      eyebrow: "Triathlon Coaching",
      title: "Swim, Bike and Run to Your Best Race",
      subtitle:
        "One plan that balances all three disciplines with your job and your life, coached by a former national-level swimmer.",
      cta: "Get Started",
    },
    intro: {
      title: "Three Sports, One Plan",
      paragraphs: [
        "Triathlon is three sports, but you only have one body and one week. The challenge is balancing swimming, cycling and running with strength work, recovery and everything else in your life, without arriving at the start line overtrained or undertrained.",
        "I build your plan backwards from your race date, whether it is a first sprint, an Olympic distance or a full-distance race. Each week combines the three disciplines in a way that makes sense, with brick sessions, transition practice and a clear taper towards race day.",
        "And then there is the swim. For many triathletes it's the leg they fear most. After twelve years of competitive swimming I know how to make freestyle calmer and more efficient, and how to prepare you for a crowded open-water start.",
      ],
      image: serviceImages["triathlon-coaching"],
    },
    benefits: [
      "A calm, efficient swim, even in open water",
      "Balanced swim, bike and run training that fits around your job",
      "Smooth transitions and strong legs off the bike",
      "Race-day pacing and nutrition strategy for your distance",
      "Arriving at the start line fresh, confident and injury-free",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Swim technique coaching",
        description:
          "Drills and feedback on your stroke from video, plus open-water skills like sighting and drafting.",
        icon: "swim",
      },
      {
        title: "Brick sessions",
        description: "Bike-to-run workouts so your legs know what to do when you get off the bike.",
        icon: "bike",
      },
    ],
    whyChoose: {
      title: "Why Triathletes Choose Mila",
      points: [
        {
          title: "A swimmer's eye",
          description: "Twelve years of competitive swimming means your weakest leg can become your strongest.",
          icon: "swim",
        },
        {
          title: "Planned around race day",
          description: "Build-up, peak and taper timed precisely to your target race.",
          icon: "calendar",
        },
        {
          title: "Life-proof training",
          description: "Work trips and busy weeks are absorbed into the plan instead of breaking it.",
          icon: "clock",
        },
      ],
    },
    faq: [
      {
        question: "I've never done a triathlon. Can I start with you?",
        answer:
          "Yes, first-timers are very welcome. A sprint triathlon is a great first goal, and we'll build your swimming, cycling and running step by step so you reach race day confident and healthy.",
      },
      {
        question: "How many hours a week do I need to train?",
        answer:
          "For a sprint distance, four to six hours a week is plenty. An Olympic distance asks for roughly six to nine, and a half or full distance more. In the intake we match your goal race to the time you really have.",
      },
      {
        question: "Do I need a power meter or a heart-rate monitor?",
        answer:
          "It helps but it isn't required. Many sessions can be guided by perceived effort. If you have a sports watch or power meter, I'll use the data in your weekly check-ins.",
      },
      {
        question: "I'm a poor swimmer. Is that a problem?",
        answer:
          "Not at all; that's where I can help most. We work on breathing, body position and stroke efficiency with targeted drills, and you send me videos so I can give precise feedback.",
      },
    ],
    stickyBar: {
      message: "Race on the calendar? Let's build your plan.",
      cta: "Get Started",
      storageKey: "triathlon-cta",
    },
    prefill: { startFromQuestion: 3, answers: { 1: "competition", 2: "triathlon" } },
  },

  "running-coaching": {
    slug: "running-coaching",
    metaTitle: "Online Running Coaching | Mila Jansen Coaching",
    metaDescription:
      "Run faster and stay injury-free with online running coaching: personal pace zones, structured workouts, strength training and a race-day plan. From your first 5K to the marathon.",
    hero: {
      eyebrow: "Running Coaching",
      title: "Run Further, Faster and Injury-Free",
      subtitle:
        "From your first 5K to a marathon personal best: a structured running plan with your own pace zones, strength work and weekly guidance.",
      cta: "Start Training",
    },
    intro: {
      title: "Every Run With a Purpose",
      paragraphs: [
        "Many runners run every session at the same medium pace: too hard to recover from, too easy to get faster. A good plan changes that. Easy runs that really are easy, one or two focused sessions with tempo or intervals, and a long run that builds your endurance.",
        "Your plan is based on your current level, your goal race and the days you can run. You get personal pace zones so you know exactly how fast each run should be, and the mileage grows gradually to keep your knees, shins and Achilles happy.",
        "Runner-specific strength training is part of every week, because strong hips and calves are your best protection against injury. Towards race day we plan your taper, pacing and fuelling, so you can run the race you trained for.",
      ],
      image: serviceImages["running-coaching"],
    },
    benefits: [
      "Faster times on your goal distance",
      "Fewer running injuries through smart build-up and strength work",
      "Personal pace zones for every type of run",
      "Training that fits around work and family",
      "A race-day plan for pacing, fuelling and nerves",
    ],
    whatYouGet: [
      ...coachingBasics,
      {
        title: "Structured running workouts",
        description: "Easy runs, tempo, intervals and long runs, each with a clear pace and purpose.",
        icon: "run",
      },
      {
        title: "Strength for runners",
        description: "Short, focused sessions for hips, calves and core that make you more resilient.",
        icon: "shield",
      },
    ],
    whyChoose: {
      title: "Why Runners Choose Mila",
      points: [
        {
          title: "Endurance is in her blood",
          description:
            "Twelve years of competitive swimming built a deep understanding of endurance training and pacing.",
          icon: "flame",
        },
        {
          title: "Data-informed, not data-obsessed",
          description: "Your watch and Strava data are used to guide the plan, never to stress you out.",
          icon: "chart",
        },
        {
          title: "All levels",
          description: "From couch to 5K, from first half marathon to a new marathon personal best.",
          icon: "users",
        },
      ],
    },
    faq: [
      {
        question: "I've never run before. Can I start with running coaching?",
        answer:
          "Yes. We begin with a mix of walking and running and build up carefully, so your joints and tendons can adapt along with your fitness. Within a few months most beginners run 5 kilometres without stopping.",
      },
      {
        question: "How many days a week should I run?",
        answer:
          "Three runs a week is a good base for most goals, plus one or two short strength sessions. Marathon runners usually run four or five times. We decide together based on your goal and your schedule.",
      },
      {
        question: "Can you help me come back from a running injury?",
        answer:
          "Yes, in consultation with your physiotherapist if you have one. We rebuild gradually with strength work and walk-run intervals, and we only increase the load when your body responds well.",
      },
    ],
    stickyBar: {
      message: "Chasing a new personal best? Let's get you there.",
      cta: "Start Training",
      storageKey: "running-cta",
    },
    prefill: { startFromQuestion: 3, answers: { 1: "competition", 2: "running" } },
  },
};
