import type { Context } from "hono";
import type { MediaImage } from "../../../domain/media";
import type { ReviewSummary } from "../../../domain/review-summary";
import { findImages, seedMediaHashes } from "../../modules/media";
import { reviewSummary } from "../../modules/reviews";
import { dbOf } from "../../shop";
import type { AppEnv } from "../types";

/** The media library's name for the home page's first photograph (content/media/manifest.json). */
export const HOME_HERO_IMAGE = "home-hero";

/** What the home page's first screen needs from the server besides its copy and the catalogue (ADR 0071). */
export interface HomeContext {
  home: {
    /** Approved DS-01 reviews, counted from rows: the first screen's proof. */
    proof(): Promise<ReviewSummary>;
    /** The first screen's photograph, or null while the library does not hold it. */
    heroImage(): Promise<MediaImage | null>;
  };
}

export function homeContext(c: Context<AppEnv>): HomeContext {
  const shop = c.get("shop");
  return {
    home: {
      proof: () => reviewSummary(dbOf(shop), "ds01"),
      heroImage: async () => {
        const hash = (await seedMediaHashes()).get(HOME_HERO_IMAGE);
        if (!hash) return null;
        return (await findImages(dbOf(shop), [hash])).get(hash) ?? null;
      },
    },
  };
}
