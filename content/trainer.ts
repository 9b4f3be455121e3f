import type { Trainer } from "./types";

export const trainer: Trainer = {
  name: "Mila Jansen",
  role: "Online Coach & Former Competitive Swimmer",
  shortBio:
    "Former national-level swimmer in the 200 m freestyle and medley. After twelve years of racing I became a coach, and today I help people all over the world get fitter, stronger and faster, one-to-one and online.",
  bio: [
    "I grew up in the pool. For twelve years my life revolved around early-morning sessions, lane ropes and the black line on the bottom, and I raced the 200 metres freestyle and individual medley at national level in the Netherlands. Swimming taught me discipline, but above all it taught me that progress comes from smart, consistent training rather than from heroic one-off efforts.",
    "When I stopped competing, I started coaching. First swimmers at my club, then triathletes who dreaded the swim, and soon people who simply wanted to feel fit and strong again. I discovered that the principles are the same for everyone: a plan that fits your life, honest feedback and someone who keeps you on track when motivation dips.",
    "Today I coach from Utrecht, in English, with clients from Amsterdam to Singapore. Every client gets a personal plan in our online environment, a weekly check-in and direct access to me on WhatsApp. Whether your goal is your first 5K, a triathlon, losing weight or building muscle, I'll help you get there in a way you can keep up.",
  ],
  credentials: [
    "12 years of competitive swimming, national level in the 200 m freestyle and 200 m individual medley",
    "Years of coaching experience, from club swimmers to first-time triathletes",
    "One-to-one online coaching for clients worldwide, in English",
    "Training, nutrition and mindset guidance in one personal programme",
  ],
  image: {
    src: "trainer/mila.svg",
    alt: "Stylised portrait of coach Mila Jansen in a teal swim cap with goggles pushed up and a towel over her shoulders, in front of a pool",
    width: 800,
    height: 1000,
  },
};
