import { withoutTrailingSlashes } from "../../../domain/routes";
import { escapeHtml as e } from "../../lib/email-html";
import type { PricedRecommendation } from "./surveys";

/** The quiz result the shopper asked us to email: the suggestion, why, and the code (a requested email, not marketing). */
export function quizResultEmail(recommendation: PricedRecommendation, origin: string): { subject: string; text: string; html: string } {
  const cart = `${withoutTrailingSlashes(origin)}${recommendation.cartLink}`;
  const subject = `Your quiz result: ${recommendation.productName}`;
  const offer = recommendation.promoCode ? `Your code ${recommendation.promoCode} takes 25% off your first order; the link below applies it for you.` : "";
  const reasons = recommendation.reasons.map((r) => `- ${r}`).join("\n");
  return {
    subject,
    text: `${recommendation.headline}.\n\n${reasons}\n\n${recommendation.caution ? `${recommendation.caution}\n\n` : ""}${offer}\n\nStart here: ${cart}\n\nSeed Health, 2100 Abbot Kinney Blvd, Venice, CA 90291`,
    html: `<!doctype html><html><body style="margin:0;background:#f4f1ea;font-family:-apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#1f2a24"><div style="max-width:560px;margin:0 auto;padding:32px 24px;background:#ffffff"><h1 style="font-size:20px;color:#1f3b2d">${e(recommendation.headline)}</h1><ul>${recommendation.reasons.map((r) => `<li>${e(r)}</li>`).join("")}</ul>${recommendation.caution ? `<p><strong>${e(recommendation.caution)}</strong></p>` : ""}${offer ? `<p>${e(offer)}</p>` : ""}<p style="margin:24px 0"><a href="${e(cart)}" style="display:inline-block;background:#1f3b2d;color:#ffffff;padding:12px 20px;border-radius:24px;text-decoration:none">Start with ${e(recommendation.productName)}</a></p><p style="color:#4d5a52;font-size:13px">You asked for this email when you took our quiz. Seed Health, 2100 Abbot Kinney Blvd, Venice, CA 90291</p></div></body></html>`,
  };
}
