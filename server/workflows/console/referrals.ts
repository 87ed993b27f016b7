import type { Shop } from "../../shop";
import { decideReferral } from "../reward-referrals";
import { consoleAction, type ConsoleActor } from "./console-action";

/** The operator approves (pays the reward) or rejects a referral held for review; audited with the change. */
export async function decideReferralAction(shop: Shop, actor: ConsoleActor, input: { id: string; decision: "approve" | "reject" }) {
  return consoleAction(shop, actor, "referrals.review", async (tx) => {
    const { before, after } = await decideReferral(shop, tx, input.id, input.decision, actor.email);
    return {
      result: { id: after.id, status: after.status, rewardAmount: after.rewardAmount, rewardCurrency: after.rewardCurrency },
      audit: { targetType: "referral", targetId: after.id, before: { status: before.status, flags: before.flags }, after: { decision: input.decision, status: after.status, reward: after.rewardAmount } },
    };
  });
}
