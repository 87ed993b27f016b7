import { z } from "@hono/zod-openapi";
import { createRouter, jsonBody, jsonResponse } from "../openapi";
import { CouponBody, CouponCode, toCouponInput } from "./coupon-input";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const CodeParam = z.object({ code: CouponCode });

const listRoute = consoleRoute("coupons.read", {
  method: "get",
  path: "/coupons",
  summary: "Coupons by code; after = next cursor of the previous page",
  request: { query: z.object({ after: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(200).optional() }) },
  responses: { 200: jsonResponse("A page of coupons", Any) },
});

const detailRoute = consoleRoute("coupons.read", {
  method: "get",
  path: "/coupons/{code}",
  summary: "A coupon and its redemptions, newest first",
  request: { params: CodeParam, query: z.object({ before: z.string().max(100).optional(), limit: z.coerce.number().int().min(1).max(200).optional() }) },
  responses: { 200: jsonResponse("The coupon", Any) },
});

const createCouponRoute = consoleRoute("coupons.edit", {
  method: "post",
  path: "/coupons",
  summary: "Create a coupon",
  request: { body: jsonBody(z.object({ code: CouponCode }).and(CouponBody)) },
  responses: { 200: jsonResponse("The coupon", Any) },
});

const updateRoute = consoleRoute("coupons.edit", {
  method: "put",
  path: "/coupons/{code}",
  summary: "Replace a coupon's settings (its code and redemptions stay)",
  request: { params: CodeParam, body: jsonBody(CouponBody) },
  responses: { 200: jsonResponse("The coupon", Any) },
});

export const consoleCouponsApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).coupons(c.req.valid("query")), 200))
  .openapi(detailRoute, async (c) => c.json(await serviceOf(c).coupon(c.req.valid("param").code, c.req.valid("query")), 200))
  .openapi(createCouponRoute, async (c) => {
    const body = c.req.valid("json");
    return c.json(await serviceOf(c).createCoupon(body.code, toCouponInput(body)), 200);
  })
  .openapi(updateRoute, async (c) => c.json(await serviceOf(c).updateCoupon(c.req.valid("param").code, toCouponInput(c.req.valid("json"))), 200));
