import { data } from "react-router";
import { toShopError } from "../../../domain/errors";
import { cookieString, cookieValue } from "../../../domain/cookie-string";
import { formatMoney } from "../../../domain/money";
import { DEVICE_COOKIE, DEVICE_ID_PATTERN } from "../../../domain/referrals";
import type { ShopLoadContext } from "../../../server/http/context";
import { requireViewer } from "../../lib/require-viewer";

/** The refer view for the signed-in member, remembering this browser as one of theirs (a self-referral signal). */
export async function referLoaderData(context: ShopLoadContext, request: Request) {
  requireViewer(context, request);
  const known = cookieValue(request.headers.get("Cookie"), DEVICE_COOKIE);
  const deviceId = known && DEVICE_ID_PATTERN.test(known) ? known : crypto.randomUUID();
  const view = await context.referrals.page({ deviceId });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (deviceId !== known) headers.append("Set-Cookie", cookieString(DEVICE_COOKIE, deviceId, { maxAgeS: 400 * 86400, httpOnly: true, protocol: new URL(request.url).protocol }));
  return { view, headers };
}

/** The points form: whole blocks of points become credit for the next renewal. */
export async function redeemAction(context: ShopLoadContext, request: Request) {
  requireViewer(context, request);
  const form = await request.formData();
  const points = Number(form.get("points"));
  const key = String(form.get("key") ?? "");
  if (form.get("intent") !== "redeem" || !Number.isInteger(points) || !/^[0-9a-f-]{36}$/.test(key)) {
    return data({ ok: false, message: "That request was not understood. Reload the page and try again." }, { status: 400 });
  }
  try {
    const done = await context.referrals.redeem({ points, key });
    return { ok: true, message: `${done.points} points became ${formatMoney({ amount: done.credit, currency: done.currency } as never)} of credit. It comes off your next renewal.` };
  } catch (error) {
    const e = toShopError(error);
    return data({ ok: false, message: e.message }, { status: 400 });
  }
}

/** The member's choice to show their first name on their link's page (ADR 0063). */
export async function showNameAction(context: ShopLoadContext, request: Request) {
  requireViewer(context, request);
  const shows = (await request.formData()).get("showsName") === "yes";
  await context.referrals.setShowsName(shows);
  return { saved: shows ? "Saved: your first name shows on your link's page." : "Saved: your link's page does not name you." };
}
