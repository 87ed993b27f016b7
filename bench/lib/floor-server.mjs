// The floor server: plain node:http and pg (a pool of 10, like the shop's), POST /api/purchase writing one order in one
// transaction (bench/lib/floor-sql.mjs). Started by `npm run bench` as its own process, so its CPU time is its own.
//   PORT=3901 DATABASE_URL=postgres://... node bench/lib/floor-server.mjs
// The database must be migrated and seeded by the shop first (the bench starts the shop on it before the floor).
import http from "node:http";
import pg from "pg";
import { FloorError, placeFloorOrder } from "./floor-sql.mjs";

const port = Number(process.env.PORT ?? 3901);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {});

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

async function readJson(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

async function purchase(req, res) {
  const key = req.headers["idempotency-key"];
  if (typeof key !== "string" || key.length === 0) return send(res, 400, { code: "VALIDATION_ERROR", message: "Idempotency-Key is required." });
  const body = await readJson(req);
  const [[productCode, quantity]] = Object.entries(body.items ?? {});
  const client = await pool.connect();
  try {
    const order = await placeFloorOrder((text, values) => client.query(text, values), {
      idempotencyKey: key,
      email: body.email,
      address: body.shippingAddress,
      productCode,
      quantity,
      token: body.payment?.token ?? "tok_floor",
    });
    send(res, 201, order);
  } finally {
    client.release();
  }
}

const server = http.createServer((req, res) => {
  const route = `${req.method} ${req.url}`;
  const handle =
    route === "POST /api/purchase"
      ? purchase(req, res)
      : route === "POST /api/payments/sandbox/tokenize"
        ? Promise.resolve(send(res, 200, { token: "tok_floor", brand: "visa", last4: "4242" }))
        : route === "GET /readyz"
          ? pool.query("select 1").then(() => send(res, 200, { ok: true }))
          : Promise.resolve(send(res, 404, { code: "NOT_FOUND", message: "Not found." }));
  handle.catch((error) => {
    if (!res.headersSent) send(res, error instanceof FloorError ? error.status : 500, { code: "ERROR", message: String(error.message) });
  });
});

server.listen(port, "127.0.0.1");
process.once("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
