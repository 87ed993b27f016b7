import type { Flags } from "../../../domain/flags";
import type { ShellViewer } from "../../../server/http/context";

export type { ShellViewer };

/** What the root loader hands the site shell. */
export interface ShellData {
  flags: Flags;
  quizAudience: boolean;
  viewer: ShellViewer;
  promoCodeInUrl: string | null;
}
