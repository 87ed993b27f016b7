// `npm run dev`: the same Hono app, with Vite serving browser files and hot reload.
// Server code is loaded through Vite too, so edits to app/, domain/ and server/ apply without a build.
import { getRequestListener } from "@hono/node-server";
import { createServer as createHttpServer } from "node:http";
import { createServer as createViteServer } from "vite";

const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
const { startDevShop } = await vite.ssrLoadModule("/server/dev.ts");
const { app, port, stop } = await startDevShop(() => vite.ssrLoadModule("virtual:react-router/server-build"));
const listener = getRequestListener(app.fetch);
const server = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
server.listen(port, () => {
  // The line to act on stands out: bold green on a terminal.
  const line = `➜  open http://localhost:${port} (development server: edits apply without a build)`;
  console.log(process.stdout.isTTY && !process.env.NO_COLOR ? `\x1b[1;32m${line}\x1b[0m` : line);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    server.close();
    await vite.close();
    await stop();
    process.exit(0);
  });
}
