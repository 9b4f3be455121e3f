import type { EventContent } from "./types";

export const event: EventContent = {
  title: "Spicy Booty & Abs Workout",
  // The first event, seeded into the database on the first start; later events are made in the
  // back office (/admin/events). The start is the venue's wall-clock time in its zone.
  startsLocal: "2025-05-18T17:30",
  timeZone: "America/Managua",
  durationMinutes: 60,
  venue: "Playa Maderas",
  streetAddress: "Playa Maderas beach, north of the town",
  locality: "San Juan del Sur",
  region: "Rivas",
  country: "Nicaragua",
  countryCode: "NI",
  capacity: 20,
  costLabel: "10 dollars cash",
  equipmentLabel: "Mats provided",
  price: { amount: 10, currency: "USD" },
  description: [
    "Join me for a sweaty, music-filled hour on the sand at Playa Maderas while the sun goes down over the Pacific. We'll work the glutes, legs and core with a mix of strength circuits, resistance-band burners and short bursts of cardio.",
    "Every exercise has an easier and a harder option, so it doesn't matter whether you train every day or it's your first workout in months. Mats are provided; you just bring yourself and a bit of energy. Spots are limited, so reserve yours below.",
  ],
  bringList: [
    "A water bottle (there's nowhere to refill on the beach)",
    "A towel",
    "Comfortable workout clothes you don't mind getting a little sandy",
    "Sunscreen and a cap, the sun is still strong at 5:30",
    "10 dollars in cash",
  ],
  buttonLabel: "Reserve My Spot",
  thanks: "Thank you for signing up! See you at the beach! 🏖️",
  closedTitle: "This beach workout has taken place",
  closedText:
    "Thanks to everyone who joined us at Playa Maderas! Sign-ups are closed. Subscribe to the newsletter and you will hear about the next one first.",
  image: {
    src: "event/beach-workout.svg",
    alt: "Illustration of a small group exercising on colourful mats on a beach at sunset, with waves and palm trees",
    width: 1200,
    height: 800,
  },
};
