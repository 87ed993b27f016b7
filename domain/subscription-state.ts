/**
 * What the console says a subscription is now, and how it got there (issue 36). The row keeps canceled_at after a
 * reactivation (the held rule of SPEC.md section 4 compares it with activated_at), so "cancelled on ..." is shown only
 * while the status is cancelled; the earlier cancellations and reactivations are history.
 */
export interface StateRow {
  status: string;
  canceledAt: Date | null;
  activatedAt: Date;
  createdAt: Date;
  heldAt: Date | null;
}

export interface CurrentState {
  /** active | past_due | canceled | held */
  state: string;
  label: string;
  /** Since when it is in this state, when known. */
  since: Date | null;
}

export function currentState(row: StateRow): CurrentState {
  if (row.status === "canceled") return { state: "canceled", label: "Cancelled", since: row.canceledAt };
  if (row.heldAt) return { state: "held", label: "Held until the address is proven", since: row.heldAt };
  const reactivated = row.canceledAt !== null && row.canceledAt < row.activatedAt;
  const label = row.status === "past_due" ? "Past due" : reactivated ? "Active (reactivated)" : "Active";
  return { state: row.status, label, since: row.activatedAt };
}

export interface HistoryInput {
  createdAt: Date;
  changes: readonly { action: string; detail: string; changedAt: Date }[];
  cancellations: readonly { via: string; reasonText: string | null; canceledAt: Date; reactivatedAt: Date | null }[];
  staffActions: readonly { staffEmail: string; action: string; reason: string | null; at: Date }[];
}

export interface HistoryEntry {
  at: Date;
  what: string;
}

/**
 * The subscription's state history, oldest first: created, each cancellation and reactivation, what the member
 * changed, and what staff did. A reactivation appears once (the change log and the cancellation row both record it).
 */
export function stateHistory(input: HistoryInput): HistoryEntry[] {
  const entries: HistoryEntry[] = [{ at: input.createdAt, what: "Started" }];
  for (const c of input.cancellations) {
    entries.push({ at: c.canceledAt, what: `Cancelled (${c.via})${c.reasonText ? `: ${c.reasonText}` : ""}` });
    if (c.reactivatedAt) entries.push({ at: c.reactivatedAt, what: "Reactivated" });
  }
  for (const c of input.changes) {
    if (c.action === "reactivate" && input.cancellations.some((x) => x.reactivatedAt?.getTime() === c.changedAt.getTime())) continue;
    entries.push({ at: c.changedAt, what: `${CHANGE_WORDS[c.action] ?? c.action}${c.detail ? `: ${c.detail}` : ""}` });
  }
  for (const a of input.staffActions) entries.push({ at: a.at, what: `${a.staffEmail}: ${a.action}${a.reason ? ` (${a.reason})` : ""}` });
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime());
}

const CHANGE_WORDS: Record<string, string> = {
  next_date: "Next date moved",
  change_plan: "Plan changed",
  add_on: "Added to next shipment",
  remove_add_on: "Removed from next shipment",
  confirm_each_charge: "Ask before each charge",
  reactivate: "Reactivated",
};
