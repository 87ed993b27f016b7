import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Block } from "../../../domain/blocks";
import type { MediaHash, MediaImage } from "../../../domain/media";
import { cents, type Currency } from "../../../domain/money";
import { NO_REVIEWS, summaryFromCounts } from "../../../domain/review-summary";
import { HomeHero, type FirstScreen } from "./HomeHero";
import { heroParts } from "./hero-parts";

/** The seed's hero band, read as the CMS reads it (defaults filled in). */
const hero: Block = Block.parse({
  type: "section",
  id: "hero",
  class: "hero page-hero",
  containerClass: "",
  title: "Two capsules a day for your gut and beyond",
  background: "var(--color-mint)",
  blocks: [
    { type: "paragraph", class: "", containerClass: "", inline: false, paragraph: "<p>Twenty-four strains.</p>" },
    { type: "button", id: "hero-buy", class: "", containerClass: "", label: "Shop DS-01®", link: "/daily-synbiotic" },
    {
      type: "poster",
      class: "",
      containerClass: "",
      image: [{ url: "/products/ds01-jar.svg", width: 400, height: 400 }],
      altText: "A glass jar of DS-01 Daily Synbiotic capsules",
      cover: false,
      mobileAspectRatio: "1:1",
      desktopAspectRatio: "1:1",
    },
    { type: "small-text", class: "", containerClass: "", paragraph: "<p>Skip or cancel any time.</p>" },
  ],
});

const photo: MediaImage = { hash: "a".repeat(64) as MediaHash, width: 1600, height: 1200, alt: "DS-01 jar on a kitchen shelf", placeholder: "data:image/webp;base64,AAAA" };

function screen(overrides: Partial<FirstScreen> = {}): FirstScreen {
  return {
    offer: { name: "DS-01® Daily Synbiotic", price: { amount: cents(4999), currency: "USD" as Currency }, billingPeriodMonths: 1 },
    country: "US",
    proof: summaryFromCounts([{ rating: 5, count: 900 }, { rating: 4, count: 284 }, { rating: 1, count: 100 }]),
    image: photo,
    ...overrides,
  };
}

const render = (s: FirstScreen) => renderToStaticMarkup(<HomeHero parts={heroParts([hero])!} screen={s} />);

describe("the home page's first screen", () => {
  it("names the product in its one heading and prices it from the offer, in the shopper's currency", () => {
    const html = render(screen());
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*><span class="home-hero__product">DS-01® Daily Synbiotic<span class="sr-only">: <\/span><\/span>Two capsules/);
    expect(html).toContain("$49.99</span> a month");
    const pounds = render(screen({ country: "GB", offer: { name: "DS-01® Daily Synbiotic", price: { amount: cents(3999), currency: "GBP" as Currency }, billingPeriodMonths: 3 } }));
    expect(pounds).toContain("£39.99</span> every 3 months");
  });

  it("shows the approved reviews' average and count, linking to /reviews, and nothing when there are none", () => {
    const html = render(screen());
    expect(html).toMatch(/<a class="review-proof" href="\/reviews">/);
    expect(html).toContain('<strong class="review-proof__average">4.5</strong> out of 5');
    expect(html).toContain("1,284 reviews");
    expect(html).toContain('style="width:90%"');
    expect(render(screen({ proof: NO_REVIEWS }))).not.toContain("review-proof");
  });

  it("draws the library's photograph with priority, else the CMS poster, and says no price where none is sold", () => {
    const html = render(screen());
    expect(html).toContain('type="image/avif"');
    expect(html).toContain(`/media/${photo.hash}/1600.avif 1600w`);
    expect(html).toMatch(/<img[^>]*alt="DS-01 jar on a kitchen shelf"[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html).not.toContain("ds01-jar.svg");
    const without = render(screen({ image: null, offer: null }));
    expect(without).toMatch(/<img[^>]*src="\/products\/ds01-jar.svg"[^>]*loading="eager"/);
    expect(without).not.toContain("home-hero__price");
    expect(without).toContain('id="hero-buy"');
  });

  it("keeps the band's fine print and reads no hero from a page that does not open with one", () => {
    expect(render(screen())).toContain("Skip or cancel any time.");
    expect(heroParts([{ ...hero, class: "hero" }])).toBeNull();
    expect(heroParts([])).toBeNull();
  });
});
