import type { Block } from "../../../domain/blocks";
import type { Article } from "../../../domain/content";

const plain = (html: string) => html.replace(/<[^<>]*>/g, " ").replace(/\s+/g, " ").trim();

function accordions(blocks: Block[]): Extract<Block, { type: "accordion" }>[] {
  return blocks.flatMap((b) => (b.type === "accordion" ? [b] : b.type === "section" ? accordions(b.blocks) : []));
}

/** A page with questions and answers (accordion blocks) describes itself as a FAQPage. */
export function faqJsonLd(blocks: Block[]) {
  const items = accordions(blocks);
  if (items.length < 2) return null;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((a) => ({ "@type": "Question", name: a.title, acceptedAnswer: { "@type": "Answer", text: plain(a.paragraph) } })),
  };
}

/** `image`: the cover's absolute address, when the article has one. */
export function articleJsonLd(article: Omit<Article, "blocks">, url: string, image?: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.publishedOn,
    // Bylines are our teams, not named people (issue 14 review of invented names): an Organization.
    author: { "@type": "Organization", name: article.author, description: article.authorRole },
    publisher: { "@type": "Organization", name: "Seed" },
    mainEntityOfPage: url,
    ...(image ? { image } : {}),
  };
}

export function organizationJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Seed",
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: "care@seed.example", availableLanguage: "English" },
  };
}
