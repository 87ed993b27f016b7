import { describe, expect, it } from "vitest";
import { currentState, stateHistory } from "./subscription-state";

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

describe("subscription state", () => {
  it("a reactivated subscription is active, not 'cancelled on' the old date", () => {
    const state = currentState({ status: "active", canceledAt: at(29), activatedAt: at(30), createdAt: at(1), heldAt: null });
    expect(state).toEqual({ state: "active", label: "Active (reactivated)", since: at(30) });
  });

  it("a cancelled one says since when; a held one says why", () => {
    expect(currentState({ status: "canceled", canceledAt: at(29), activatedAt: at(1), createdAt: at(1), heldAt: null })).toMatchObject({ state: "canceled", since: at(29) });
    expect(currentState({ status: "active", canceledAt: null, activatedAt: at(1), createdAt: at(1), heldAt: at(1) }).state).toBe("held");
    expect(currentState({ status: "past_due", canceledAt: null, activatedAt: at(1), createdAt: at(1), heldAt: null }).label).toBe("Past due");
  });

  it("tells the history oldest first, a reactivation once", () => {
    const history = stateHistory({
      createdAt: at(1),
      changes: [
        { action: "reactivate", detail: "next charge 2026-12-01", changedAt: at(30) },
        { action: "change_plan", detail: "syn-rf x 1 -> syn-rf-3mo x 1", changedAt: at(10) },
      ],
      cancellations: [{ via: "account", reasonText: "Too expensive", canceledAt: at(29), reactivatedAt: at(30) }],
      staffActions: [{ staffEmail: "care@seed.test", action: "subscriptions.pause", reason: "travelling", at: at(20) }],
    });
    expect(history.map((h) => h.what)).toEqual([
      "Started",
      "Plan changed: syn-rf x 1 -> syn-rf-3mo x 1",
      "care@seed.test: subscriptions.pause (travelling)",
      "Cancelled (account): Too expensive",
      "Reactivated",
    ]);
  });
});
