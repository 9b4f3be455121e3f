import { describe, expect, it } from "vitest";
import { site } from "#content/site";
import { faq } from "#content/faq";
import { testimonials } from "#content/testimonials";
import {
  faqListOf,
  faqSchema,
  siteFactsOf,
  siteFactsSchema,
  testimonialItemSchema,
  testimonialListOf,
  testimonialsSchema,
  visibleFaq,
  visibleTestimonials,
} from "./site-content-schemas";
import { withSiteFacts } from "~/kernel/legal-facts";

const facts = siteFactsOf(site);
const messages = (input: unknown) => {
  const parsed = siteFactsSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("site facts", () => {
  it("accepts the seed as it is", () => {
    expect(messages(facts)).toEqual([]);
  });

  it("a KvK number is 8 digits; a typed prefix, spaces or dots are tidied, and it reads as 'KvK 12345678'", () => {
    for (const typed of ["12345678", "KvK 1234 5678", "kvk: 12.34.56.78"]) {
      expect(siteFactsSchema.parse({ ...facts, registrationNumber: typed }).registrationNumber).toBe("KvK 12345678");
    }
    for (const wrong of ["1234567", "123456789", "1234567a", ""]) {
      expect(messages({ ...facts, registrationNumber: wrong })).toEqual([
        "registrationNumber: A KvK number is 8 digits, e.g. 87654321.",
      ]);
    }
  });

  it("a VAT number is NL, 9 digits, B and 2 digits; lower case and spaces are tidied", () => {
    expect(siteFactsSchema.parse({ ...facts, vatNumber: "nl 0045 87321 b01" }).vatNumber).toBe("NL004587321B01");
    for (const wrong of ["NL004587321B1", "DE004587321B01", "NL00458732B01", "NL004587321X01"]) {
      expect(messages({ ...facts, vatNumber: wrong })).toEqual([
        "vatNumber: A Dutch VAT number is NL, 9 digits, B and 2 digits, e.g. NL004587321B01.",
      ]);
    }
  });

  it("every link must be a full https address, and the message names which", () => {
    expect(messages({ ...facts, bookingUrl: "http://calendly.com/x" })).toEqual([
      "bookingUrl: The booking link must be a full web address starting with https://.",
    ]);
    expect(messages({ ...facts, messagingUrl: "wa.me/31612345678" })).toEqual([
      "messagingUrl: The WhatsApp or messaging link must be a full web address starting with https://.",
    ]);
    expect(messages({ ...facts, social: [{ label: "Instagram", href: "javascript:alert(1)" }] })).toEqual([
      "social.0.href: The social link must be a full web address starting with https://.",
    ]);
    expect(messages({ ...facts, social: [{ label: "", href: "https://example.com/me" }] })).toEqual([
      "social.0.label: Fill in the social network's name (e.g. Instagram).",
    ]);
  });

  it("the contact address must be an e-mail address; it is stored in lower case", () => {
    expect(messages({ ...facts, contactEmail: "hello at example" })).toEqual([
      "contactEmail: The contact e-mail address needs an @ and a domain, e.g. hello@example.com.",
    ]);
    expect(siteFactsSchema.parse({ ...facts, contactEmail: " Hello@Example.COM " }).contactEmail).toBe(
      "hello@example.com",
    );
  });

  it("city and country must be filled in", () => {
    expect(messages({ ...facts, address: { city: " ", country: "the Netherlands" } })).toEqual([
      "address.city: Fill in the city.",
    ]);
  });
});

describe("testimonial and FAQ lists", () => {
  it("the seeds become lists with every item visible, in the files' order", () => {
    const t = testimonialsSchema.parse(testimonialListOf(testimonials));
    expect(visibleTestimonials(t)).toEqual(testimonials);
    const f = faqSchema.parse(faqListOf(faq));
    expect(visibleFaq(f)).toEqual(faq);
  });

  it("hidden items stay in the list and are left out of what visitors see, order kept", () => {
    const list = testimonialListOf(testimonials.slice(0, 3));
    list.items[1]!.hidden = true;
    expect(visibleTestimonials(list).map((t) => t.id)).toEqual([list.items[0]!.id, list.items[2]!.id]);
    expect(list.items).toHaveLength(3);
  });

  it("a testimonial needs a name, 1 to 5 stars, a real day and the client's words", () => {
    const base = { id: 1, name: "Sanne K.", rating: 5, programme: "Get Fit", date: "2025-01-15", text: "Great." };
    expect(testimonialItemSchema.safeParse(base).success).toBe(true);
    const issue = (patch: object) => testimonialItemSchema.safeParse({ ...base, ...patch }).error?.issues[0]?.message;
    expect(issue({ rating: 6 })).toBe("Choose a rating from 1 to 5 stars.");
    expect(issue({ date: "15-01-2025" })).toBe("Give the date as a day, e.g. 2025-03-19.");
    expect(issue({ name: "  " })).toMatch(/^Fill in the client's name/);
    expect(issue({ text: "x".repeat(801) })).toBe("Keep what the client said under 800 characters.");
  });

  it("two questions with the same words, or two items with one number, are refused", () => {
    const list = faqListOf(faq.slice(0, 2));
    expect(
      faqSchema.safeParse({ items: [...list.items, { ...list.items[0]!, id: 99 }] }).error?.issues[0]?.message,
    ).toBe("The same question is in the list twice.");
    expect(
      testimonialsSchema.safeParse({
        items: [
          ...testimonialListOf(testimonials.slice(0, 1)).items,
          ...testimonialListOf(testimonials.slice(0, 1)).items,
        ],
      }).error?.issues[0]?.message,
    ).toBe("Two testimonials share a number.");
  });
});

describe("legal texts with the published facts", () => {
  it("a text naming the seed's contact address and numbers reads with the published ones", () => {
    const published = {
      ...site,
      contactEmail: "info@example.nl",
      registrationNumber: "KvK 11223344",
      vatNumber: "NL111222333B44",
    };
    const text = `Write to ${site.contactEmail}. ${site.registrationNumber}, VAT ${site.vatNumber}.`;
    expect(withSiteFacts(text, published)).toBe("Write to info@example.nl. KvK 11223344, VAT NL111222333B44.");
    expect(withSiteFacts(text, site)).toBe(text);
  });
});
