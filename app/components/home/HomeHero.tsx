import type { Money } from "../../../domain/money";
import type { MediaImage } from "../../../domain/media";
import type { ReviewSummary } from "../../../domain/review-summary";
import { ButtonBlockView } from "../../blocks/ButtonBlock";
import { BlockList, RichText } from "../../blocks/Blocks";
import { imageSrc } from "../../blocks/PosterBlock";
import { Price } from "../product/Price";
import { Picture } from "../ui/Picture";
import type { HeroParts } from "./hero-parts";
import { ReviewProof } from "./ReviewProof";
import "./home.css";

/** The product the first screen sells, priced by the catalogue for the shopper's country (never by the copy). */
export interface HeroOffer {
  name: string;
  price: Money;
  billingPeriodMonths: number | null;
}

export interface FirstScreen {
  offer: HeroOffer | null;
  country: string;
  proof: ReviewSummary;
  /** The library's home-hero photograph; null until the library holds it. */
  image: MediaImage | null;
}

/** How wide the photograph is drawn: half the 1440 container beside the words, the phone's width less its margins. */
export const HERO_IMAGE_SIZES = "(min-width: 1440px) 680px, (min-width: 960px) 48vw, calc(100vw - 60px)";

function period(months: number | null): string {
  if (months === null) return "";
  return months === 1 ? "a month" : `every ${months} months`;
}

/**
 * The home page's first screen (issue 35): what the product is, what it costs here, what buyers made of it, and one
 * clear way to it, beside its photograph. The words are the CMS hero band's; price, proof and photograph are data.
 */
export function HomeHero({ parts, screen }: { parts: HeroParts; screen: FirstScreen }) {
  const { section, lede, button, poster, rest } = parts;
  const { offer, proof, image } = screen;
  const style = section.background ? { ["--hero-bg" as string]: section.background } : undefined;
  // The title names the product already in the seed's words; otherwise the catalogue's name heads it.
  const named = offer && !section.title?.includes(offer.name) ? offer.name : null;
  return (
    <section id={section.id} aria-labelledby="hero-title" className="home-hero" style={style} data-block="section">
      <div className="home-hero__inner">
        <div className="home-hero__copy">
          <h1 id="hero-title" className="home-hero__title">
            {named ? (
              <span className="home-hero__product">
                {named}
                <span className="sr-only">: </span>
              </span>
            ) : null}
            {section.title}
          </h1>
          <ReviewProof summary={proof} />
          {lede ? <RichText html={lede.paragraph} className="block-prose home-hero__lede" /> : null}
          {/* The price above the button, not beside it: whichever face draws the label, nothing moves (ADR 0071). */}
          <div className="home-hero__buy">
            {offer ? (
              <p className="home-hero__price">
                <Price money={offer.price} country={screen.country} className="home-hero__amount" /> {period(offer.billingPeriodMonths)}
              </p>
            ) : null}
            {button ? <ButtonBlockView block={button} /> : null}
          </div>
          <BlockList blocks={rest} />
        </div>
        <HeroArt image={image} poster={poster} />
      </div>
    </section>
  );
}

/** The library's photograph when there is one, else the CMS poster's picture, else nothing. */
function HeroArt({ image, poster }: { image: MediaImage | null; poster: HeroParts["poster"] }) {
  const fallback = poster?.image[0];
  if (!image && !fallback) return null;
  return (
    <figure className="home-hero__media" data-block="poster">
      {image ? (
        <Picture image={image} sizes={HERO_IMAGE_SIZES} priority className="home-hero__photo" />
      ) : fallback ? (
        <img
          className="home-hero__photo home-hero__photo--art"
          src={imageSrc(fallback)}
          width={fallback.width}
          height={fallback.height}
          alt={poster?.altText ?? ""}
          loading="eager"
          fetchPriority="high"
        />
      ) : null}
    </figure>
  );
}
