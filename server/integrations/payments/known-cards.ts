import type { Shop } from "../../shop";
import type { CardDetails } from "./gateway";

/**
 * The card behind each payment token this process has seen, kept in memory. A token's card never changes (a new card
 * is a new token), so what is kept is never stale: the rate limiter's card fingerprint, asked before every purchase,
 * costs no database statement or gateway call once the token was made or described here (issue 10). A token unknown
 * here is asked of the gateway as before; a token the gateway does not know is not kept.
 */
const MAX_CARDS = 10_000;

const cardsByShop = new WeakMap<Shop, Map<string, CardDetails>>();

function cardsOf(shop: Shop): Map<string, CardDetails> {
  let cards = cardsByShop.get(shop);
  if (!cards) cardsByShop.set(shop, (cards = new Map()));
  return cards;
}

export function rememberCard(shop: Shop, token: string, card: CardDetails): void {
  const cards = cardsOf(shop);
  cards.set(token, card);
  // A Map iterates in insertion order: the first key is the oldest kept.
  if (cards.size > MAX_CARDS) cards.delete(cards.keys().next().value!);
}

/** The card behind a token, from memory or else from `ask` (remembered when found). */
export async function knownCard(shop: Shop, token: string, ask: () => Promise<CardDetails | null>): Promise<CardDetails | null> {
  const kept = cardsOf(shop).get(token);
  if (kept) return kept;
  const card = await ask();
  if (card) rememberCard(shop, token, card);
  return card;
}
