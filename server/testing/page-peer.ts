/**
 * A second shop process for the page cache test (server/http/pages/page-cache.test.ts): opens the same PostgreSQL
 * database, serves pages through the real startWeb (page cache and LISTEN included) with a tiny document handler,
 * and prints its port. Run with tsx: `tsx server/testing/page-peer.ts <database url>`.
 */
import { openShop } from "../boot";
import { parseEnv } from "../env";
import { createLogger } from "../lib/logger";
import { startWeb } from "../web";
import { peerDocument } from "./peer-document";

const url = process.argv[2];
if (!url) throw new Error("usage: page-peer <database url>");
const shop = await openShop(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: url, PORT: "0", JOBS: "off" }), { log: createLogger("silent") });
const web = await startWeb(shop, peerDocument, 0);
process.stdout.write(`listening ${web.port}\n`);
process.on("SIGTERM", () => void web.close(100).then(() => shop.database.close()).then(() => process.exit(0)));
