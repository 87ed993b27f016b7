import { Hono } from "hono";
import { ACCOUNT_ROUTES, ROUTES, type RouteName } from "../../../domain/routes";
import { listArticles } from "../../modules/content";
import { publicOrigin } from "../../public-origin";
import type { AppEnv } from "../types";

/** Pages a search engine should not index: personal, transactional, or bare. */
const UNLISTED: RouteName[] = [...ACCOUNT_ROUTES, "cart", "checkout", "thank_you", "login", "signup", "recover", "subscription_link"];

export const LISTED_PATHS = (Object.keys(ROUTES) as RouteName[])
  .filter((name) => !UNLISTED.includes(name))
  .map((name) => ROUTES[name]);

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);


export const seoRoutes = new Hono<AppEnv>()
  .get("/robots.txt", (c) => {
    const origin = publicOrigin(c.get("shop").env, c.req.url);
    const disallow = ["/account", "/cart", "/checkout", "/thank-you", "/subscription-link", "/your-order", "/review/", "/api/", c.get("shop").env.PROVIDER_BASE_PATH + "/"];
    const body = ["User-agent: *", ...disallow.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(body);
  })
  .get("/sitemap.xml", async (c) => {
    const origin = publicOrigin(c.get("shop").env, c.req.url);
    // Every page, then every Cultured article (microbiome-101 and probiotics-101 are pages already).
    const articles = (await listArticles(c.get("shop"))).map((a) => a.path).filter((p) => !LISTED_PATHS.includes(p as never));
    const urls = [...LISTED_PATHS, ...articles].map((p) => `  <url><loc>${escapeXml(origin + p)}</loc></url>`).join("\n");
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });
