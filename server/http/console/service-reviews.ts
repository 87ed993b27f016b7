import type { Permission } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { isReviewStatus, RejectReasonSchema, ReplySchema, type ReviewStatus } from "../../../domain/reviews";
import { findImages } from "../../modules/media";
import { moderationQueue } from "../../modules/reviews";
import { dbOf, type Shop } from "../../shop";
import { moderateReviewAction, type ConsoleActor } from "../../workflows/console";

/** The console's review moderation (ADR 0068): the queue, and approve, reject with a reason, reply. Part of consoleService. */
export function reviewsService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  const text = (schema: typeof ReplySchema, value: unknown, what: string) => {
    const parsed = schema.safeParse(typeof value === "string" ? value : "");
    if (!parsed.success) throw new ShopError("VALIDATION_ERROR", `${what}: ${parsed.error.issues[0]!.message}`);
    return parsed.data;
  };
  return {
    async reviewQueue(input: { status?: string; page?: number }) {
      allow("reviews.read");
      const status: ReviewStatus = isReviewStatus(input.status) ? input.status : "pending";
      const queue = await moderationQueue(db, { status, page: input.page ?? 1 });
      const images = await findImages(db, queue.rows.flatMap((r) => r.photos));
      return { ...queue, status, images: Object.fromEntries(images) };
    },
    async approveReview(id: string) {
      allow("reviews.moderate");
      return moderateReviewAction(shop, actor, id, { kind: "approve" });
    },
    async rejectReview(id: string, reason: unknown) {
      allow("reviews.moderate");
      return moderateReviewAction(shop, actor, id, { kind: "reject", reason: text(RejectReasonSchema, reason, "Reason") });
    },
    async replyToReview(id: string, reply: unknown) {
      allow("reviews.moderate");
      return moderateReviewAction(shop, actor, id, { kind: "reply", reply: text(ReplySchema, reply, "Reply") });
    },
  };
}
