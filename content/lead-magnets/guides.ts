/**
 * The printable guides the articles' sign-up forms promise, one per article (key: the article's
 * address). scripts/build-lead-magnets.ts lays each out as a one-page PDF in this folder; the
 * first start stores them in the database and attaches each to its article, after which the
 * trainer replaces or changes them in the back office.
 */
export interface Guide {
  /** What the sign-up form says the visitor receives. */
  label: string;
  title: string;
  intro: string;
  sections: { heading: string; items: string[] }[];
  closing: string;
}

export const guides: Record<string, Guide> = {
  "best-triathlon-gear": {
    label: "The First Triathlon Gear Checklist (PDF, one page)",
    title: "First Triathlon Gear Checklist",
    intro: "Lay everything out the evening before and tick it off. Pack by discipline, then check transition last.",
    sections: [
      {
        heading: "Swim",
        items: [
          "Goggles, plus a spare pair with a different tint",
          "Swim cap (the race usually hands one out; bring your own for the warm-up)",
          "Wetsuit if the water is below about 22 °C, and anti-chafe balm for the neck",
        ],
      },
      {
        heading: "Bike",
        items: [
          "Bike checked: tyres pumped, brakes working, chain oiled",
          "Helmet (no helmet, no start) and sunglasses",
          "Spare tube, tyre levers and a mini pump or CO2",
          "Full bottle on the bike; race number belt if you use one",
        ],
      },
      {
        heading: "Run",
        items: [
          "Running shoes with elastic laces, socks if you wear them",
          "Cap or visor, and a gel for the last part of the bike or the run",
        ],
      },
      {
        heading: "Transition and after",
        items: [
          "A small towel to mark your spot and dry your feet",
          "Race number, timing chip, ID and the race briefing notes",
          "Warm clothes, a drink and a snack for the finish",
        ],
      },
    ],
    closing: "Nothing new on race day: use only gear you have trained in at least once.",
  },
  "fitness-for-busy-moms": {
    label: "The Busy Mom Strength Starter: a four-week home plan (PDF)",
    title: "Busy Mom Strength Starter",
    intro:
      "Four weeks, three short sessions a week, no equipment. Rest at least one day between sessions. If you are within a year of giving birth, get the go-ahead from your midwife or doctor first.",
    sections: [
      {
        heading: "The session (about 15 minutes)",
        items: [
          "Glute bridge: 10 slow reps",
          "Sit-to-stand from a chair: 10 reps",
          "Incline push-up against a kitchen counter: 8 reps",
          "Bird dog: 6 reps per side, pausing at the top",
          "Dead bug with breathing out on each reach: 6 reps per side",
          "Do the circuit 2 times, resting 60 seconds between rounds",
        ],
      },
      {
        heading: "Week by week",
        items: [
          "Week 1: 2 rounds. Learn the moves; stop every set with 3 reps in reserve",
          "Week 2: 3 rounds",
          "Week 3: 3 rounds, add 2 reps to every exercise",
          "Week 4: 3 rounds, slow each lowering to a count of three",
        ],
      },
    ],
    closing:
      "Missed a day? Just do the next session. Consistency over four weeks matters far more than any single workout.",
  },
  "nutrition-plan-triathlon-beginners": {
    label: "The Triathlete's Plate Guide (PDF, one page)",
    title: "The Triathlete's Plate Guide",
    intro:
      "Build each main meal from the same four parts and change the proportions with the day's training. Use your hand as the measure.",
    sections: [
      {
        heading: "Easy or rest day",
        items: [
          "Half the plate vegetables or salad, a quarter protein, a quarter carbohydrate",
          "Sample day: yoghurt with berries and oats; lentil soup with bread; salmon, potatoes and greens",
        ],
      },
      {
        heading: "Moderate day (one session up to about an hour)",
        items: [
          "A third each of vegetables, carbohydrate and protein",
          "Sample day: porridge with banana; chicken and rice bowl; pasta with tuna and tomato sauce",
        ],
      },
      {
        heading: "Hard or long day",
        items: [
          "Half the plate carbohydrate, a quarter protein, a quarter vegetables",
          "Eat a snack within an hour after training: milk and a sandwich, or yoghurt and granola",
          "Sample day: toast with eggs and juice; big wrap with beans and rice; pasta bake and fruit",
        ],
      },
      {
        heading: "Every day",
        items: [
          "A palm of protein at each meal",
          "A thumb of fats: olive oil, nuts, avocado",
          "Drink to thirst and check that your urine is pale",
        ],
      },
    ],
    closing: "Practise your race-day breakfast before a long training session, never for the first time on the day.",
  },
  "optimize-running-cadence": {
    label: "A four-week running plan to raise your cadence (PDF)",
    title: "Four Weeks to a Smoother Step Rate",
    intro:
      "Measure your cadence on an easy run first: count the steps of one foot for 30 seconds and multiply by four. Your aim is about 5 percent more, not a magic 180.",
    sections: [
      {
        heading: "Each week, three easy runs",
        items: [
          "Week 1: run as usual; add 4 x 20 seconds of quick, light steps in the second half",
          "Week 2: set a metronome app 3 percent above your cadence for 3 x 3 minutes",
          "Week 3: 5 percent above your cadence for 3 x 5 minutes, easy running between",
          "Week 4: 5 percent above for 15 minutes in a row; measure again at the end",
        ],
      },
      {
        heading: "Drills before two of the runs (5 minutes)",
        items: [
          "High knees in place: 2 x 20 seconds",
          "Quick feet: tiny steps as fast as you can, 3 x 10 seconds",
          "Skipping (A-skips): 2 x 20 metres",
        ],
      },
      {
        heading: "Check yourself",
        items: [
          "Your foot lands under your hips, not far in front",
          "Breathing stays easy: the pace should not rise, only the step rate",
          "Any new pain in calves or shins: go back a week",
        ],
      },
    ],
    closing:
      "After four weeks the new rhythm usually feels normal. Keep one run a week with the metronome for a month more.",
  },
  "prepare-for-first-triathlon": {
    label: "The 12-week sprint triathlon plan (PDF)",
    title: "12-Week Sprint Triathlon Plan",
    intro:
      "For a sprint (750 m swim, 20 km bike, 5 km run) with about five hours a week. Every session is easy enough to talk in, unless it says otherwise.",
    sections: [
      {
        heading: "The weekly pattern",
        items: [
          "Monday: rest",
          "Tuesday: swim 30-40 minutes (technique and steady lengths)",
          "Wednesday: run 30 minutes",
          "Thursday: bike 45-60 minutes",
          "Friday: swim 30 minutes or rest",
          "Saturday: long bike, then a 10-minute run straight after (a brick)",
          "Sunday: long easy run",
        ],
      },
      {
        heading: "How the weeks grow",
        items: [
          "Weeks 1-4 (base): long bike 45-60 min, long run 30-35 min",
          "Weeks 5-8 (build): long bike 60-75 min, long run 35-45 min; one run a week with 4 x 3 min a little faster",
          "Week 8: an easier week, all sessions about two thirds as long",
          "Weeks 9-11 (race-specific): one open-water swim if you can; brick with a 15-20 min run",
          "Week 12 (race week): short and easy; two days off before the race",
        ],
      },
    ],
    closing: "Practise both transitions at least three times before race day: they are free minutes.",
  },
  "prevent-shin-splints-running": {
    label: "The Shin-Friendly Running Plan: six weeks back to running (PDF)",
    title: "Shin-Friendly Running Plan",
    intro:
      "Start only when walking briskly and hopping on each leg 10 times do not hurt. Run every other day; pain during a run should stay at 2 out of 10 or less and be gone the next morning.",
    sections: [
      {
        heading: "Run-walk, three times a week",
        items: [
          "Week 1: 6 x (1 min run, 2 min walk)",
          "Week 2: 6 x (2 min run, 1 min walk)",
          "Week 3: 5 x (4 min run, 1 min walk)",
          "Week 4: 4 x (6 min run, 1 min walk)",
          "Week 5: 15 minutes continuous, then 2 x 5 min run with a 1 min walk",
          "Week 6: 25-30 minutes continuous",
        ],
      },
      {
        heading: "Strength, on the days between",
        items: [
          "Calf raises on a step, straight knee: 3 x 15",
          "Calf raises with bent knee: 3 x 15",
          "Toe walks and heel walks: 2 x 20 metres each",
          "Single-leg balance, eyes closed when it gets easy: 3 x 30 seconds per leg",
        ],
      },
    ],
    closing: "If pain rises, go back one week. Pain at one spot on the bone, or at rest, needs a doctor's look.",
  },
  "quick-workouts-for-busy-moms": {
    label: "Four weeks of nap-time workouts, one page for the fridge (PDF)",
    title: "Four Weeks of Nap-Time Workouts",
    intro:
      "A new 20-minute routine each week. Do it two or three times that week. Each move lists an easier and a harder version: pick the one you can do with good form.",
    sections: [
      {
        heading: "Week 1: Strength basics (3 rounds, 40 s work, 20 s rest)",
        items: [
          "Squat (easier: to a chair; harder: pause at the bottom)",
          "Push-up (easier: hands on a counter; harder: from the floor)",
          "Glute bridge (harder: one leg)",
          "Plank (easier: on knees)",
        ],
      },
      {
        heading: "Week 2: Legs and core (3 rounds)",
        items: [
          "Reverse lunge (easier: hold a chair)",
          "Side plank (easier: bottom knee down)",
          "Wall sit, then dead bug",
        ],
      },
      {
        heading: "Week 3: Quiet cardio (4 rounds, 30 s work, 15 s rest)",
        items: ["Step-back jacks, fast marching, squat to calf raise, shadow boxing, mountain climbers (slow)"],
      },
      {
        heading: "Week 4: The mix",
        items: ["Alternate one round of week 1 with one round of week 3, four rounds in all"],
      },
    ],
    closing: "Keep a water bottle and this page in the same spot. When the baby sleeps, start the timer.",
  },
  "stay-fit-busy-schedule": {
    label: "The 3-Day Busy Week Workout Plan (PDF)",
    title: "3-Day Busy Week Workout Plan",
    intro:
      "Three full-body sessions of 30 minutes, for example Monday, Wednesday and Friday. No gym needed: a backpack with books makes a fine weight.",
    sections: [
      {
        heading: "Day A: Push and legs",
        items: [
          "5 min warm-up: marching, arm circles, 10 squats",
          "3 rounds: 12 squats, 10 push-ups (hands raised if needed), 10 backpack rows per arm, 30 s plank",
        ],
      },
      {
        heading: "Day B: Intervals",
        items: [
          "5 min easy walk or jog",
          "8 x (1 min brisk running, stair climbing or fast cycling, 1 min easy)",
          "5 min easy, then stretch calves and hips",
        ],
      },
      {
        heading: "Day C: Pull and hinge",
        items: [
          "5 min warm-up",
          "3 rounds: 10 backpack deadlifts, 10 reverse lunges per leg, 12 backpack rows, 10 dead bugs per side",
        ],
      },
      {
        heading: "Making it stick",
        items: [
          "Put the three sessions in your calendar for the whole month today",
          "Short on time? Do one round and count it",
        ],
      },
    ],
    closing: "When every round feels easy, add two reps or a few more books to the backpack.",
  },
  "stay-fit-during-vacation": {
    label: "Three printable travel workouts on one page (PDF)",
    title: "Three Travel Workouts",
    intro:
      "Each takes less than 25 minutes and needs no equipment. Two of these a week keep your fitness ticking over.",
    sections: [
      {
        heading: "Hotel room (20 min): 4 rounds, 40 s work, 20 s rest",
        items: ["Squats", "Push-ups against the bed or desk", "Reverse lunges", "Plank shoulder taps", "Glute bridges"],
      },
      {
        heading: "Beach (20-25 min)",
        items: [
          "5 min easy jog on firm sand",
          "5 rounds: 20 s fast run, 10 jump squats (or air squats), 10 push-ups, 30 s walk",
          "5 min easy swim or walk in the shallows",
        ],
      },
      {
        heading: "Park (25 min)",
        items: [
          "10 min easy run or brisk walk",
          "3 rounds at a bench: 10 step-ups per leg, 10 bench dips, 10 incline push-ups, 30 s side plank per side",
          "5 min easy, then stretch",
        ],
      },
    ],
    closing: "On holiday the goal is to keep what you have. Enjoy the rest days without guilt.",
  },
  "stay-fit-eat-well-vacation": {
    label: "The Holiday Eating Cheat Sheet (PDF, one page)",
    title: "Holiday Eating Cheat Sheet",
    intro: "Enjoy the local food. These habits keep you feeling good without counting anything.",
    sections: [
      {
        heading: "Hotel breakfast",
        items: [
          "Start with protein: eggs, yoghurt or cheese",
          "Add fruit, then choose one pastry or bread you really want",
        ],
      },
      {
        heading: "Restaurants",
        items: [
          "Order a vegetable starter or side with every main",
          "Grilled, roasted or steamed most days; the fried dish you came for now and then",
          "Share a dessert, or have it slowly and enjoy it",
        ],
      },
      {
        heading: "Beach bar and drinks",
        items: [
          "A glass of water with every alcoholic drink",
          "Choose a spritz or a beer over sweet cocktails most nights",
          "Keep water with you in the heat; thirst often feels like hunger",
        ],
      },
      {
        heading: "Travel days",
        items: [
          "Pack nuts, fruit and a sandwich so the airport is not your only choice",
          "Walk whenever you wait: gates, stations, queues",
        ],
      },
    ],
    closing: "Use the 80/20 rule: if most meals follow these habits, the rest are simply part of the holiday.",
  },
  "warm-up-cool-down-for-runners": {
    label: "The Runner's Warm-Up Card for your front door (PDF)",
    title: "Runner's Warm-Up and Cool-Down Card",
    intro: "About six minutes before and five minutes after every run. Keep the card by the door.",
    sections: [
      {
        heading: "Before: dynamic warm-up (about 6 min)",
        items: [
          "Brisk walk or march: 1 min",
          "Leg swings, front to back and side to side: 10 per leg each way",
          "Walking lunges with a twist: 10",
          "Hip circles: 10 each way",
          "Ankle hops: 20",
          "Skips or high knees: 2 x 20 m",
          "Start your run at an easy jog for the first 5 minutes",
        ],
      },
      {
        heading: "Before a fast session, add",
        items: ["10 min easy running, then 4 x 15 s strides, walking back between them"],
      },
      {
        heading: "After: cool-down (about 5 min)",
        items: [
          "Easy jog or walk: 2-3 min, until your breathing settles",
          "Calf stretch against a wall, straight and bent knee: 30 s each",
          "Standing quad stretch: 30 s per leg",
          "Hip flexor stretch in a half-kneel: 30 s per side",
          "Hamstring stretch with the heel on a step: 30 s per leg",
        ],
      },
    ],
    closing: "Stretch gently: a pull is fine, pain is not.",
  },
};
