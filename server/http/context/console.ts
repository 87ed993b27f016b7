import type { Context } from "hono";
import { STAFF_PASSWORD_MIN } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { completeSetup, findPendingSetup, revokeStaffSession, signInStaff, signInThrottleOf } from "../../modules/staff";
import { recordSignIn } from "../console/auth";
import { clearedStaffCookie, staffCookie } from "../console/cookie";
import { CouponBody, CouponCode, toCouponInput } from "../console/coupon-input";
import { consoleService, type ConsoleService } from "../console/service";
import type { UploadOutcome } from "../console/media-service";
import { readUploadForm } from "../console/upload-form";
import { clientAddressKey } from "../middleware/client-ip";
import type { AppEnv } from "../types";

export interface ConsoleContext {
  /** The operator console's part: only /console requests carry a staff session (the page gate checked it first). */
  console: {
    /** The signed-in staff member's service; throws UNAUTHENTICATED when there is none. */
    service(): ConsoleService;
    signedIn(): boolean;
    /** Answers the Set-Cookie header of the new session. */
    signIn(input: { email: string; password: string; code: string }): Promise<string>;
    /** Ends the session; answers the Set-Cookie header that clears the cookie. */
    signOut(): Promise<string>;
    pendingSetup(token: string): Promise<{ email: string; role: string; secret: string; uri: string } | null>;
    completeSetup(input: { token: string; password: string; code: string }): Promise<void>;
    /** Reads the coupon form (create or edit) the way the API reads its JSON body. */
    readCouponForm(form: Record<string, string>, code?: string): { code: string; input: ReturnType<typeof toCouponInput> };
    passwordMin: number;
    /** The media page's upload form (multipart): each file's outcome; the page gate and its 32 MB limit ran first. */
    uploadImages(request: Request): Promise<UploadOutcome[]>;
  };
}

export function consoleContext(c: Context<AppEnv>): ConsoleContext {
  const shop = c.get("shop");
  const staff = () => {
    const session = c.get("staff");
    if (!session) throw new ShopError("UNAUTHENTICATED", "Sign in to the console.");
    return session;
  };
  return {
    console: {
      service: () => consoleService(shop, staff(), c.get("requestId")),
      async uploadImages(request) {
        const service = consoleService(shop, staff(), c.get("requestId"));
        // The permission before the body: a role that may not upload never has its files read.
        if (!service.staff.permissions.includes("media.upload")) throw new ShopError("FORBIDDEN", "Your role does not allow this.");
        return service.media.upload(await readUploadForm(request));
      },
      signedIn: () => !!c.get("staff"),
      async signIn(input) {
        const { token, session } = await signInStaff(shop, signInThrottleOf(shop), { ...input, ip: clientAddressKey(c) ?? "unknown" });
        await recordSignIn(shop, session, c.get("requestId"), "staff.sign-in");
        return staffCookie(shop.env, token, session.expiresAt);
      },
      async signOut() {
        const session = c.get("staff");
        if (session) {
          await revokeStaffSession(shop, session.sessionId);
          await recordSignIn(shop, session, c.get("requestId"), "staff.sign-out");
        }
        return clearedStaffCookie(shop.env);
      },
      async pendingSetup(token) {
        const pending = await findPendingSetup(shop, token);
        return pending && { email: pending.staff.email, role: pending.staff.role, secret: pending.totpSecret, uri: pending.totpUri };
      },
      async completeSetup(input) {
        await completeSetup(shop, input);
      },
      readCouponForm(form, fixedCode) {
        const optionalNumber = (v: string | undefined) => (v && v.trim() !== "" ? Number(v) : null);
        const optionalDate = (v: string | undefined) => (v && v.trim() !== "" ? new Date(`${v}:00Z`).toISOString() : null);
        const plans = (form.plans ?? "").split(/[\s,]+/).filter(Boolean);
        const type = form.type === "fixed" ? "fixed" : "percent";
        // Operators type fixed amounts in major units (15.00); the shop stores minor units.
        const value = type === "fixed" ? Math.round(Number(form.value) * 100) : Number(form.value);
        const parsed = CouponBody.safeParse({
          type,
          value,
          currency: type === "fixed" ? form.currency || null : null,
          plans: plans.length ? plans : "all",
          startsAt: form.startsAt ? optionalDate(form.startsAt) : null,
          endsAt: form.endsAt ? optionalDate(form.endsAt) : null,
          maxRedemptions: optionalNumber(form.maxRedemptions),
          maxPerCustomer: optionalNumber(form.maxPerCustomer),
          firstOrderOnly: form.firstOrderOnly === "on",
          duration: form.duration === "forever" ? "forever" : "once",
          active: form.active === "on",
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw new ShopError("VALIDATION_ERROR", `${issue.path.join(".") || "coupon"}: ${issue.message}`);
        }
        const code = CouponCode.safeParse(fixedCode ?? form.code ?? "");
        if (!code.success) throw new ShopError("VALIDATION_ERROR", `code: ${code.error.issues[0]!.message}`);
        return { code: code.data, input: toCouponInput(parsed.data) };
      },
      passwordMin: STAFF_PASSWORD_MIN,
    },
  };
}
