import { connect } from "node:net";

/** Sends raw bytes on one connection and collects everything until the server closes it (or `idleMs` of silence). */
export function rawExchange(port: number, chunks: string[], options: { destroyAfterWrite?: boolean; idleMs?: number } = {}) {
  return new Promise<{ text: string; closedByServer: boolean; reset: boolean }>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let reset = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = (closedByServer: boolean) => {
      clearTimeout(idle);
      socket.destroy();
      resolve({ text, closedByServer, reset });
    };
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => finish(false), options.idleMs ?? 1500);
    };
    socket.on("data", (d) => {
      text += d.toString("latin1");
      arm();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "ECONNRESET" || e.code === "EPIPE") reset = true;
    });
    socket.on("close", () => finish(true));
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
      if (options.destroyAfterWrite) setTimeout(() => socket.destroy(), 100);
      arm();
    });
  });
}
