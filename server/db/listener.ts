import pg from "pg";

/** Calls onNotice after each commit that announced the channel; onLost when notices may have been missed. */
export interface ChangeListener {
  onNotice(): void;
  onLost(): void;
}

/** Answers whether the listener is live now (notices will reach it) and a function that stops listening. */
export interface Listening {
  live(): boolean;
  stop(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on PostgreSQL: one dedicated connection per database handle (a pooled connection would be handed to other
 * queries), shared by every channel. When it drops, every listener hears onLost (a notice may have been sent while
 * nobody listened) and it reconnects after a second; until then no listener is live.
 */
export function postgresListener(url: string) {
  const channels = new Map<string, Set<ChangeListener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let live = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const lost = () => {
    live = false;
    client = null;
    for (const set of channels.values()) for (const l of set) l.onLost();
    if (!closed && channels.size > 0) timer ??= setTimeout(() => ((timer = null), void connect()), RECONNECT_MS).unref();
  };

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
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
