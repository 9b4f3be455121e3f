import type { FollowUpPeople } from "~/features/follow-ups/follow-ups.server";
import { eventSignupOf, leadContact } from "~/features/leads/person.server";
import { hasBookedCall, latestBookingOf } from "~/features/scheduling/person.server";
import { isSuppressedAddress, subscriberIdByEmail } from "~/features/newsletter/person.server";

/** What the follow-ups ask of the features above them, answered by each table's owner (decision 082). */
export const followUpPeople: FollowUpPeople = {
  isSuppressed: isSuppressedAddress,
  subscriberIdByEmail,
  leadContact,
  eventSignupOf,
  hasBookedCall,
  latestBookingOf,
};
