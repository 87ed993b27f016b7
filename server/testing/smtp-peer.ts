import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as a real SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** What the peer answers to a message: accept it, or refuse with an SMTP code (451 temporary, 550 permanent). */
export type SmtpBehaviour = { accept: true } | { accept: false; code: number; message: string };

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a random port, for tests of sending.
 * Plain SMTP without STARTTLS or AUTH, like a local relay.
 */
export async function startSmtpPeer(options: { delayMs?: number; port?: number } = {}) {
  const received: ReceivedMail[] = [];
  /** Sessions whose connection closed: a message whose sender went away before the answer was not delivered. */
  const closed = new Set<string>();
  const delayMs = options.delayMs ?? 0;
  /** Waiting for the next message whose answer the peer holds back (delayMs): a test may act while it is in flight. */
  let holdWaiters: (() => void)[] = [];
  let behaviour: SmtpBehaviour = { accept: true };
  const refusal = () => {
    if (behaviour.accept) return null;
    const error = new Error(behaviour.message) as Error & { responseCode: number };
    error.responseCode = behaviour.code;
    return error;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        setTimeout(answer, delayMs);
        const waiters = holdWaiters;
        holdWaiters = [];
        for (const wake of waiters) wake();
      });
      const answer = () => {
        if (closed.has(session.id)) return;
        const error = refusal();
        if (!error) {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
        }
        callback(error);
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    behave(next: SmtpBehaviour) {
      behaviour = next;
    },
    /** Resolves as soon as the peer holds the next message's answer back: its sender has it in flight. */
    nextHold: () => new Promise<void>((resolve) => holdWaiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** The header block and the text/plain and text/html parts of a received message, decoded. */
export function parseMail(raw: string): { headers: string; text: string; html: string; contentType: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, " ");
  const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1] ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const body = rest.join("\r\n\r\n");
  const parts: Record<string, string> = {};
  for (const section of boundary ? body.split(`--${boundary}`).slice(1, -1) : []) {
    const [partHead = "", ...partBody] = section.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(partHead)?.[1]?.toLowerCase() ?? "";
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    parts[type] = decode(partBody.join("\r\n\r\n").replace(/\r?\n$/, ""), encoding);
  }
  return { headers, contentType, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "" };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
