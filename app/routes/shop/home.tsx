import { data } from "react-router";
import { offersFrom } from "../../../domain/offers";
import { PRODUCT_PAGES } from "../../../domain/product-pages";
import { Blocks } from "../../blocks/Blocks";
import { ContentBody } from "../../components/content/ContentBody";
import { faqJsonLd, organizationJsonLd } from "../../components/content/content-json-ld";
import { HERO_IMAGE_SIZES, HomeHero, type HeroOffer } from "../../components/home/HomeHero";
import { heroParts } from "../../components/home/hero-parts";
import { canonicalUrl, pageMeta } from "../../lib/page-meta";
import { picturePreload } from "../../lib/preload-picture";
import type { Route } from "./+types/home";

/**
 * The home page: its first screen (the product, its price here, its reviews, its photograph and the way to it), then
 * the CMS blocks (how it works, science, reviews, press, FAQ).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const codes = PRODUCT_PAGES.daily_synbiotic;
  const [page, catalog, proof, image] = await Promise.all([
    context.pages.find("home"),
    context.catalog.forPage(codes, context.country),
    context.home.proof(),
    context.home.heroImage(),
  ]);
  if (!page) throw data(null, { status: 404 });
  // Priced as the product page prices its first plan: the same offers, the same country.
  const first = offersFrom(codes, catalog, context.country).find((o) => o.available && o.price);
  const offer: HeroOffer | null = first?.price ? { name: first.name, price: first.price, billingPeriodMonths: first.billingPeriodMonths } : null;
  return { page, url: canonicalUrl(request), origin: new URL(request.url).origin, screen: { offer, country: context.country, proof, image } };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const faq = faqJsonLd(d.page.blocks);
  return [
    ...pageMeta(d.page, d.url),
    { "script:ld+json": organizationJsonLd(d.origin) },
    ...(faq ? [{ "script:ld+json": faq }] : []),
    ...(d.screen.image ? [picturePreload(d.screen.image, HERO_IMAGE_SIZES)] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, screen } = loaderData;
  const parts = heroParts(page.blocks);
  // A home page whose operator took the hero band away is drawn as its blocks, like any CMS page.
  if (!parts) return <ContentBody page={page} />;
  return (
    <main id="main" className="content-page">
      <HomeHero parts={parts} screen={screen} />
      <div className="content-blocks">
        <Blocks blocks={page.blocks.slice(1)} />
      </div>
    </main>
  );
}
