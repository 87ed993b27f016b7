import type { Article } from "../../../domain/content";
import { Picture } from "../ui/Picture";
import { ArticleByline } from "./ArticleByline";

/** How wide a card's cover is drawn: one column on a phone, two from 768 px, three from 1280 px (of at most 1440). */
const CARD_SIZES = "(min-width: 1280px) min(460px, 31vw), (min-width: 768px) calc(50vw - 40px), calc(100vw - 60px)";

/** The Cultured index: every article, newest first, with its cover and byline. */
export function ArticleList({ articles }: { articles: Omit<Article, "blocks">[] }) {
  return (
    <section className="block-section" aria-labelledby="all-articles">
      <div className="block-section-inner">
        <h2 id="all-articles" className="block-section-title">
          All articles
        </h2>
        <ul className="article-list" role="list">
          {articles.map((a) => (
            <li key={a.slug} className="article-card">
              {/* The title beside it names the article, so the cover is decorative here (its alt text is read on the article). */}
              {a.cover ? (
                <div className="article-card-cover">
                  <Picture image={a.cover} sizes={CARD_SIZES} alt="" className="article-card-image" />
                </div>
              ) : null}
              <p className="article-card-category">{a.category}</p>
              <h3 className="article-card-title">
                <a href={a.path}>{a.title}</a>
              </h3>
              <p className="article-card-text">{a.description}</p>
              <ArticleByline article={a} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
