import { notifyPagesChanged } from "../../modules/content";
import { decideReview, type ReviewDecision } from "../../modules/reviews";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * A moderator's decision on a review (ADR 0068): approve, reject with a reason, or reply publicly. The change and its
 * audit entry (the review's status, reason and reply before and after) commit together; pages that show reviews are
 * told to forget their cached copies.
 */
export async function moderateReviewAction(shop: Shop, actor: ConsoleActor, id: string, decision: ReviewDecision) {
  const outcome = await consoleAction(shop, actor, "reviews.moderate", async (tx, now) => {
    const { before, after, productLine } = await decideReview(tx, { id, decision, staffId: actor.staffId, now });
    return {
      result: { after, productLine },
      audit: { action: `reviews.${decision.kind}`, targetType: "review", targetId: id, before, after },
    };
  });
  await notifyPagesChanged(shop, "review moderated");
  return outcome;
}
