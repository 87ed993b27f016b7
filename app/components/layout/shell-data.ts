import type { PricingFlags, VisitorFlags } from "../../../domain/flags";
import type { ShellViewer } from "../../../server/http/context";

export type { ShellViewer };

/** What the root loader hands the site shell. */
export interface ShellData {
  flags: VisitorFlags;
  /** The money flags the server prices with (never the visitor's cookie, ADR 0080). */
  pricing: PricingFlags;
  quizAudience: boolean;
  viewer: ShellViewer;
  promoCodeInUrl: string | null;
}
