import type { FaqEntry } from "./types";

export const faq: FaqEntry[] = [
  {
    question: "How does online coaching actually work?",
    answer:
      "After your free intake I build a plan around your goal, schedule and equipment, and you find it in your own online environment as a week-by-week training plan with nutrition templates and a recipe database. Every week you send a short check-in and I adjust what needs adjusting. In between you can message me on WhatsApp whenever something comes up, so you are never left guessing.",
  },
  {
    question: "What does coaching cost?",
    answer:
      "Coaching packages start from €80 per month. The monthly price depends on how much guidance you want (Essential, Progress or Elite) and on whether you commit for 1, 3 or 6 months; longer commitments cost less per month. All plans and prices are listed on the pricing page.",
  },
  {
    question: "How often do I need to train?",
    answer:
      "I recommend training at least 2 times per week; that is enough to make real progress when the sessions are well chosen. Many clients train 3 or 4 times, but the plan is built around the time you actually have rather than an ideal week you can't keep up.",
  },
  {
    question: "How quickly will I see results?",
    answer:
      "Most clients notice the first changes within a few weeks: more energy, better sleep, weights that feel lighter or a run that feels easier. Visible changes in body shape or race times take longer and depend on your starting point and consistency. We track progress in the weekly check-ins, so you can see it happening in numbers and not just in the mirror.",
  },
  {
    question: "I'm a complete beginner. Is coaching for me?",
    answer:
      "Yes, beginners are very welcome and often make the fastest progress. We start at your current level, and every exercise in your plan comes with a clear explanation of how to do it and why it's there. You can send me a video of your form at any time and I'll tell you what to adjust.",
  },
  {
    question: "Do I need a gym or special equipment?",
    answer:
      "No. I write plans for a full gym, a home setup with a few dumbbells and resistance bands, or just your body weight and a pair of running shoes. Tell me in the intake what you have access to and the plan will fit it; if that changes later, the plan changes too.",
  },
  {
    question: "Do you help with nutrition as well?",
    answer:
      "Yes. Every client gets access to nutrition templates and a recipe database in the online environment. The Progress plan adds a basic nutrition plan and the Elite plan a fully customised one based on your goal, preferences and daily routine. I don't believe in crash diets or forbidden foods: the aim is a way of eating you can keep up.",
  },
  {
    question: "What happens in the free intake, and how do I book it?",
    answer:
      "The free intake is a relaxed online conversation in which we talk about your goals, your training history, your schedule and anything that might get in the way. There is no obligation: you decide afterwards whether you want to start. Fill out the short form on the start page and you'll find the booking link right there; I then confirm your appointment personally by WhatsApp.",
  },
  {
    question: "Can I train with an injury or a medical condition?",
    answer:
      "Often yes, but tell me about it in the intake. I adapt exercises and training load around old or current injuries, and where needed I work alongside your physiotherapist or doctor. I'm a coach, not a medical professional, so with a fresh injury or a medical condition please get the go-ahead from your doctor first.",
  },
  {
    question: "Can I cancel my coaching?",
    answer:
      "A 1-month package simply ends after that month, so there is nothing to cancel. With a 3- or 6-month package you commit to that period, which is why the monthly price is lower; it does not renew automatically. If something serious happens, such as an injury or illness, send me a message and we will look for a fair solution together.",
  },
  {
    question: "Can you prepare me for a triathlon or a running race?",
    answer:
      "Absolutely; from a first 5K to a marathon and from a sprint triathlon to a full distance. Your plan is built backwards from your race date, with a clear build-up, a taper and a race-day strategy. As a former competitive swimmer I'm particularly happy to help triathletes who find the swim the hardest part.",
  },
];
