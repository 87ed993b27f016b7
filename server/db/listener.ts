import pg from "pg";

/**
 * Calls onNotice after each commit that announced the channel; onLost when the connection dropped (notices may be missed
 * from now on); onBack when listening again (notices committed in the gap were missed: whatever was kept must go).
 */
export interface ChangeListener {
  onNotice(): void;
  onLost(): void;
  onBack?(): void;
}

/**
 * The listening connection's application_name, "shop-listen <pid>", so an operator (or a test) finds a process's LISTEN
 * backend in pg_stat_activity.
 */
export const LISTENER_APPLICATION_NAME = "shop-listen";

/** Answers whether the listener is live now (notices will reach it) and a function that stops listening. */
export interface Listening {
  live(): boolean;
  stop(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on PostgreSQL: one dedicated connection per database handle (a pooled connection would be handed to other
 * queries), shared by every channel. When it drops, every listener hears onLost (a notice may have been sent while
 * nobody listened) and it reconnects after a second; until then no listener is live. Once listening again, every
 * listener hears onBack (ADR 0052).
 */
export function postgresListener(url: string) {
  const channels = new Map<string, Set<ChangeListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let wasLost = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const lost = () => {
    live = false;
    wasLost = true;
    client = null;
    for (const set of channels.values()) for (const l of set) l.onLost();
    if (!closed && channels.size > 0) timer ??= setTimeout(() => ((timer = null), void connect()), RECONNECT_MS).unref();
  };

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, application_name: `${LISTENER_APPLICATION_NAME} ${process.pid}` });
      c.on("error", () => {}); // followed by "end", handled there
      c.on("end", () => client === c && lost());
      c.on("notification", (n) => {
        for (const l of channels.get(n.channel) ?? []) l.onNotice();
      });
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
        if (closed) return void (await c.end());
        client = c;
        live = true;
        if (wasLost) {
          wasLost = false;
          for (const set of channels.values()) for (const l of set) l.onBack?.();
        }
      } catch {
        await c.end().catch(() => {});
        if (client === null) lost();
      }
    })().finally(() => (connecting = null));
    return connecting;
  }

  return {
    async listen(channel: string, listener: ChangeListener): Promise<Listening> {
      const set = channels.get(channel) ?? new Set();
      const isNew = !channels.has(channel);
      channels.set(channel, set.add(listener));
      if (client && isNew) await client.query(`listen ${pg.escapeIdentifier(channel)}`).catch(() => {});
      else if (!client) await connect();
      return {
        live: () => live,
        stop: async () => {
          set.delete(listener);
        },
      };
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => {});
    },
  };
}
