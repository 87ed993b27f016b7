// Step 0: a newcomer's first start. Clones the repository (its committed HEAD) into a temporary folder,
// runs `npm start` there as a newcomer would (install, build, migrate and seed, serve), and times it until
// GET / answers 200; stops it, starts it again in the same folder and data, and times the second start.
// The npm cache is the machine's own (a warm cache when this machine has installed the shop before).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep } from "./util.mjs";

const running = new Set(); // children still alive, for Ctrl-C and the time limit

/** Stops every `npm start` this step still runs (its whole process group). */
export async function stopFreshStarts() {
  await Promise.all([...running].map((run) => run.stop()));
}

/** The environment of a newcomer's shell: the machine's, without npm's run-script variables or shop settings. */
function newcomerEnv(port, dataDir) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith("npm_") || key === "INIT_CWD") continue; // set by `npm run bench`, not by a shell
    env[key] = value;
  }
  for (const key of ["NODE_ENV", "DATABASE_URL", "LOG_LEVEL", "JOBS", "ENABLE_TEST_HOOKS", "SESSION_SECRET", "SMTP_URL"]) delete env[key];
  return { ...env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
}

/** Runs `npm start` in `dir` and resolves when GET / answers 200. Returns { seconds, output, stop }. */
async function timedStart(dir, env, origin, timeoutMs, log) {
  const started = Date.now();
  // detached: its own process group, so stopping reaches npm, the install and the server alike.
  const child = spawn("npm", ["start"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  let partial = "";
  const keep = (chunk) => {
    output += chunk;
    if (output.length > 400_000) output = output.slice(-200_000);
    partial += chunk;
    const lines = partial.split(/\r?\n|\r/);
    partial = lines.pop();
    for (const line of lines) if (line.trim()) log(`    | ${line}`);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const run = {
    stop: async () => {
      if (!exited) {
        signalGroup("SIGTERM");
        const timer = setTimeout(() => signalGroup("SIGKILL"), 15_000);
        await exitPromise;
        clearTimeout(timer);
      }
      running.delete(run);
    },
  };
  running.add(run);

  for (;;) {
    if (exited) throw new Error(`npm start exited before the first page answered (${JSON.stringify(exited)}):\n${output.slice(-4000)}`);
    try {
      const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(5000), headers: { accept: "text/html" } });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await run.stop();
      throw new Error(`GET / did not answer 200 within ${timeoutMs / 1000} s of npm start:\n${output.slice(-4000)}`);
    }
    await sleep(250);
  }
  const seconds = (Date.now() - started) / 1000;
  return { seconds, output: () => output, stop: run.stop };
}

/** Lines that warn: "npm warn ...", "Future Flag Warning", "... is deprecated", DeprecationWarning. */
const countWarnings = (text) => text.split(/\r?\n/).filter((line) => /\bwarn(ing)?\b|deprecat/i.test(line)).length;

/**
 * Returns { first: { seconds, warnings }, second: { seconds, warnings }, commit, npmCache }.
 * `log` receives progress lines; the output of `npm start` is echoed indented when `echo` is true.
 */
export async function measureFreshStart(root, port, { timeoutMs = 300_000, echo = true, log = console.log } = {}) {
  const tmp = mkdtempSync(join(tmpdir(), "shop-fresh-"));
  const dir = join(tmp, "shop");
  const dataDir = join(tmp, "data");
  try {
    execFileSync("git", ["clone", "--quiet", "--no-hardlinks", root, dir], { stdio: ["ignore", "ignore", "pipe"] });
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
    log(`Cloned ${root} (commit ${commit}) into ${dir}; PORT=${port}, DATA_DIR=${dataDir}.`);
    const env = newcomerEnv(port, dataDir);
    const origin = `http://127.0.0.1:${port}`;
    const echoLog = echo ? log : () => {};

    const result = { commit };
    for (const which of ["first", "second"]) {
      log(`  ${which} npm start ...`);
      const run = await timedStart(dir, env, origin, timeoutMs, echoLog);
      await run.stop();
      result[which] = { seconds: run.seconds, warnings: countWarnings(run.output()) };
      log(`  ${which} start: GET / answered 200 after ${run.seconds.toFixed(1)} s (${result[which].warnings} lines warning or naming a deprecation).`);
    }
    return result;
  } finally {
    await stopFreshStarts();
    rmSync(tmp, { recursive: true, force: true });
  }
}
