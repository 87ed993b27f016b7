import { generate } from "otplib";
import type { StaffRole } from "../../domain/console-access";
import type { createApp } from "../app";
import { completeSetup, createStaff, findPendingSetup } from "../modules/staff";
import { dbOf } from "../shop";
import type { TestShop } from "./test-shop";

export interface TestStaff {
  email: string;
  password: string;
  /** The authenticator's secret, to compute codes the way an app does. */
  secret: string;
  role: StaffRole;
}

/** The code an authenticator shows at the shop's current time. */
export const totpCode = (shop: TestShop, secret: string) => generate({ secret, epoch: Math.floor(shop.clock.now().getTime() / 1000) });

/** A member of staff who went through the setup link (password chosen, authenticator enrolled). */
export async function createTestStaff(shop: TestShop, role: StaffRole, email = `${role}-${Math.random().toString(36).slice(2, 8)}@seed.test`): Promise<TestStaff> {
  const setup = await createStaff(dbOf(shop), shop, { email, role });
  const pending = await findPendingSetup(shop, setup.setupToken);
  const password = "correct horse battery staple";
  await completeSetup(shop, { token: setup.setupToken, password, code: await totpCode(shop, pending!.totpSecret) });
  return { email, password, secret: pending!.totpSecret, role };
}

/**
 * Signs in through the API and answers the Cookie header to send. The clock moves on 30 s first: a code works once,
 * so each sign-in needs the next one.
 */
export async function signInTestStaff(app: ReturnType<typeof createApp>, shop: TestShop, staff: TestStaff): Promise<string> {
  shop.clock.advance(30_000);
  const res = await app.request("/api/console/auth/sign-in", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: staff.email, password: staff.password, code: await totpCode(shop, staff.secret) }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie") ?? "";
  return cookie.split(";")[0]!;
}
