import { data } from "react-router";
import { offersFrom } from "../../../domain/offers";
import { PRODUCT_PAGES, isProductPage } from "../../../domain/product-pages";
import { PRODUCT_LINES, productLineOf } from "../../../domain/product-lines";
import { PRODUCT_PAGE_KEYS, reviewListQuery } from "../../../domain/reviews";
import { routeNameForPath } from "../../../domain/routes";
import { needsShippingNote, planShippingFee } from "../../../domain/shipping-note";
import { Blocks } from "../../blocks/Blocks";
import { CountryPicker } from "../../components/product/CountryPicker";
import { PlanPicker, usePlanChoice } from "../../components/product/PlanPicker";
import { ProductDetails } from "../../components/product/ProductDetails";
import { GALLERY_SIZES, ProductGallery } from "../../components/product/ProductGallery";
import { ReassuranceRow } from "../../components/product/ReassuranceRow";
import { SupplementFacts } from "../../components/product/SupplementFacts";
import { SustainabilitySection } from "../../components/product/SustainabilitySection";
import { JSON_LD_REVIEWS, productJsonLd } from "../../components/product/product-json-ld";
import { useCountryOffers } from "../../components/product/use-country-offers";
import { ProductReviews } from "../../components/reviews/ProductReviews";
import { ReviewSummaryLine } from "../../components/reviews/ReviewSummaryLine";
import { usePromoCoupon } from "../../components/promo/use-promo-coupon";
import { ShippingNote } from "../../components/ui/ShippingNote";
import { ServerRendered } from "../../components/ui/ServerRendered";
import { staticMarkup } from "../../lib/static-markup.server";
import { usePricingFlags } from "../../lib/use-flags";
import { pageMeta } from "../../lib/page-meta";
import { picturePreload } from "../../lib/preload-picture";
import type { Route } from "./+types/product-page";
import "../../components/product/product.css";
import "../../components/reviews/reviews.css";

/** A product page: its CMS heading and introduction, then the plans it sells, priced for the shopper's country. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const name = routeNameForPath(url.pathname);
  if (!name || !isProductPage(name)) throw data(null, { status: 404 });
  const codes = PRODUCT_PAGES[name];
  // Reviews (ADR 0068) are of the page's main product's line; the list's filter and page come from the query.
  const line = productLineOf(codes[0]);
  const reviewQuery = { ...reviewListQuery(url.searchParams, PRODUCT_PAGE_KEYS), line, sort: "newest" as const };
  const [page, catalog, cartRules, profile, reviews, newestReviews] = await Promise.all([
    context.pages.find(name),
    context.catalog.forPage(codes, context.country),
    context.catalog.cartRules(),
    // The main product's gallery, supplement facts and reassurance row (ADR 0069).
    context.catalog.profile(codes[0]),
    context.reviews.list(reviewQuery),
    context.reviews.newest(line, JSON_LD_REVIEWS),
  ]);
  if (!page) throw data(null, { status: 404 });
  // On: each plan card shows its shipping to the shopper's country. Off (SPEC.md's default): one plain sentence does.
  const internationalCurrency = context.flags["data-display-international-currency"];
  return {
    name,
    codes,
    page,
    catalog,
    cartRules,
    // The gallery and reassurance row are interactive; the facts go as markup below.
    profile: profile ? { gallery: profile.gallery, reassurance: profile.reassurance } : null,
    country: context.country,
    internationalCurrency,
    pageUrl: `${url.origin}${url.pathname}`,
    // The facts table and the reviews have no state: sent as finished markup, never hydrated (ADR 0077).
    factsMarkup: profile ? staticMarkup(context, "facts", <SupplementFacts facts={profile.facts} productName={page.title} />) : null,
    reviewsMarkup: staticMarkup(context, "reviews", <ProductReviews view={reviews} query={reviewQuery} path={url.pathname} productName={PRODUCT_LINES[line].name} />),
    reviews: { summary: reviews.summary, newest: newestReviews },
  };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const jsonLd = productJsonLd(offersFrom(d.codes, d.catalog, d.country), d.pageUrl, { summary: d.reviews.summary, reviews: d.reviews.newest });
  // The first photo is the page's largest paint: the browser starts it from the head (ADR 0069).
  const first = d.profile?.gallery[0];
  return [...pageMeta(d.page, d.pageUrl), ...(first ? [picturePreload(first, GALLERY_SIZES)] : []), ...(jsonLd ? [{ "script:ld+json": jsonLd }] : [])];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { name, codes, page, catalog, cartRules, profile } = loaderData;
  const { offers, country, changeCountry, loading, error } = useCountryOffers(codes, catalog, loaderData.country);
  const promo = usePromoCoupon();
  const main = offers[0];
  const choice = usePlanChoice(offers);
  const chosen = offers.find((o) => o.productCode === choice.selected) ?? main;
  const abroad = needsShippingNote(country);
  const pricing = usePricingFlags();
  const noteFee = abroad && !loaderData.internationalCurrency && chosen?.price ? planShippingFee(country, chosen.planCode, chosen.price.currency, pricing) : null;
  return (
    <main id="main" className="product-page">
      <section className="product-hero" aria-labelledby="product-title">
        {profile && profile.gallery.length > 0 ? (
          <ProductGallery images={profile.gallery} productName={page.title} />
        ) : (
          main && <img className="product-hero__art" src={main.image} alt="" width={400} height={400} fetchPriority="high" />
        )}
        <div id="plans" className="product-hero__buy">
          <h1 id="product-title" className="page-title">
            {page.title}
          </h1>
          <ReviewSummaryLine summary={loaderData.reviews.summary} />
          <p className="page-intro">{page.intro}</p>
          <CountryPicker country={country} onChange={changeCountry} busy={loading} />
          {error && (
            <p role="alert" className="form-error">
              {error}
            </p>
          )}
          {noteFee && <ShippingNote country={country} fee={noteFee} />}
          <PlanPicker offers={offers} country={country} cartRules={cartRules} promo={promo} choice={choice} shippingTo={abroad && loaderData.internationalCurrency ? country : null} />
          {profile && <ReassuranceRow items={profile.reassurance} country={country} />}
        </div>
      </section>
      {chosen && <ProductDetails offer={chosen} />}
      {loaderData.factsMarkup && <ServerRendered markup={loaderData.factsMarkup} />}
      <ServerRendered markup={loaderData.reviewsMarkup} />
      <div className="content-blocks">
        <Blocks blocks={page.blocks} />
      </div>
      {name === "daily_synbiotic" && <SustainabilitySection />}
    </main>
  );
}
