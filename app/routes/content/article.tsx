import { data } from "react-router";
import { isProductCode } from "../../../domain/catalog";
import { mediaPath } from "../../../domain/media";
import { ROUTES } from "../../../domain/routes";
import { Blocks } from "../../blocks/Blocks";
import { ArticleByline } from "../../components/content/ArticleByline";
import { Picture } from "../../components/ui/Picture";
import { RelatedProducts } from "../../components/content/RelatedProducts";
import { articleJsonLd } from "../../components/content/content-json-ld";
import { breadcrumbJsonLd, canonicalUrl, pageMeta } from "../../lib/page-meta";
import type { Route } from "./+types/article";

/** A Cultured article: /cultured/<slug>. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const slug = url.pathname.replace(/^\/cultured\//, "").replace(/\/$/, "");
  const article = await context.articles.find(slug);
  if (!article) throw data(null, { status: 404 });
  const codes = article.relatedProducts.filter(isProductCode);
  const { products } = codes.length > 0 ? await context.catalog.forPage(codes, context.country) : { products: [] };
  const related = codes.flatMap((code) => {
    const p = products.find((x) => x.code === code);
    return p ? [{ code, name: p.content.name, href: p.content.pdpUrl, image: p.content.image, text: p.content.upsell?.description ?? "" }] : [];
  });
  return { article, related, url: canonicalUrl(request), origin: url.origin };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return pageMeta(null);
  const crumbs = breadcrumbJsonLd([
    { name: "Home", url: `${d.origin}/` },
    { name: "Cultured", url: `${d.origin}${ROUTES.cultured}` },
    { name: d.article.title, url: d.url },
  ]);
  const cover = d.article.cover;
  // Link previews and search results show the cover at 1280 wide (a width every 1600-wide cover is served at).
  const image = cover ? `${d.origin}${mediaPath(cover.hash, 1280, "webp")}` : undefined;
  return [
    ...pageMeta(d.article, d.url, "article"),
    { property: "article:published_time", content: d.article.publishedOn },
    { name: "author", content: d.article.author },
    ...(cover && image
      ? [
          { property: "og:image", content: image },
          { property: "og:image:alt", content: cover.alt },
          { property: "og:image:width", content: "1280" },
          { property: "og:image:height", content: String(Math.round((1280 * cover.height) / cover.width)) },
        ]
      : []),
    { "script:ld+json": articleJsonLd(d.article, d.url, image) },
    { "script:ld+json": crumbs },
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  return (
    <main id="main" className="content-page">
      <article className="article">
        <header className="page page-head">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <a href={ROUTES.cultured}>Cultured</a> <span aria-hidden="true">/</span> <span>{article.category}</span>
          </nav>
          <h1 className="page-title">{article.title}</h1>
          <p className="page-intro">{article.description}</p>
          <ArticleByline article={article} />
        </header>
        {article.cover ? (
          <figure className="article-cover">
            <Picture image={article.cover} sizes="(min-width: 1440px) 1380px, calc(100vw - 60px)" priority className="article-cover-image" />
          </figure>
        ) : null}
        <div className="content-blocks article-body">
          <Blocks blocks={article.blocks} />
        </div>
      </article>
      <RelatedProducts products={related} />
    </main>
  );
}
