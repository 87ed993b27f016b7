// Runs `npm install` when node_modules is missing or older than package.json / package-lock.json, so `npm start`
// and `npm test` work on a fresh clone. (Not `npm ci`: see ARCHITECTURE.md, pitfalls.)
//
// npm itself prints nothing while it installs unless it writes to a terminal, and then only a spinner; here
// npm logs each package it takes (from the cache or the registry) and this script turns that into a progress
// line: "Installing dependencies: 120/280 packages, 9 s". `--prefer-offline` takes what the npm cache holds
// without asking the registry whether it is still current (the lockfile pins every version anyway).
//
// Also used by bench/run.mjs for the benchmark's own dependencies (bench/package.json).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Why `dir` needs an install, or null when node_modules is up to date. */
export function installReason(dir) {
  const marker = join(dir, "node_modules/.package-lock.json");
  if (!existsSync(marker)) return "node_modules is missing";
  const installedAt = statSync(marker).mtimeMs;
  for (const file of ["package.json", "package-lock.json"]) {
    const path = join(dir, file);
    if (existsSync(path) && statSync(path).mtimeMs > installedAt) return `${file} changed since the last install`;
  }
  return null;
}

/** The number of packages npm will install on this machine, read from the lockfile (0 when there is none). */
function expectedPackages(dir) {
  const lockPath = join(dir, "package-lock.json");
  if (!existsSync(lockPath)) return 0;
  const glibc = Boolean(process.report?.getReport?.().header?.glibcVersionRuntime);
  const fits = (list, value) =>
    !list || list.length === 0 || (list.some((v) => v === value) || (list.every((v) => v.startsWith("!")) && !list.includes(`!${value}`)));
  const packages = Object.entries(JSON.parse(readFileSync(lockPath, "utf8")).packages ?? {});
  return packages.filter(([path, p]) => {
    if (!path || p.link || !p.version) return false;
    if (!p.optional) return true;
    // Optional packages with no platform are the dependencies of other platforms' packages (WebAssembly builds).
    if (!p.os && !p.cpu) return false;
    return fits(p.os, process.platform) && fits(p.cpu, process.arch) && (process.platform !== "linux" || fits(p.libc, glibc ? "glibc" : "musl"));
  }).length;
}

/**
 * `npm install` in `dir` with a progress line. Resolves when it succeeded; rejects with npm's status otherwise.
 * `label` names what is installed ("dependencies", "the benchmark's dependencies").
 */
export function install(dir, { label = "dependencies", args = [] } = {}) {
  const total = expectedPackages(dir);
  const started = Date.now();
  const tty = Boolean(process.stdout.isTTY);
  let done = 0;
  let shownAt = 0;
  let lastQuarter = -1;
  let progressShown = false;

  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const progressText = () =>
    `Installing ${label}: ${Math.min(done, total || done)}${total ? `/${total}` : ""} packages${total && done >= total ? " (unpacking)" : ""}, ${seconds()}`;
  const clearProgress = () => {
    if (tty && progressShown) process.stdout.write("\r\x1b[K");
    progressShown = false;
  };
  const showProgress = (force = false) => {
    const now = Date.now();
    if (tty) {
      if (!force && now - shownAt < 100) return;
      process.stdout.write(`\r\x1b[K${progressText()}`);
      progressShown = true;
    } else {
      // Not a terminal (a log file, CI): a line at each quarter and at least every 15 s.
      const quarter = total ? Math.floor((4 * Math.min(done, total)) / total) : 0;
      if (quarter === lastQuarter && now - shownAt < 15_000 && !(force && lastQuarter < 0)) return;
      lastQuarter = quarter;
      console.log(progressText());
    }
    shownAt = now;
  };
  const passThrough = (stream) => (line) => {
    clearProgress();
    stream.write(`${line}\n`);
    if (tty) showProgress(true);
  };

  console.log(`Installing ${label} (npm install${total ? `, ${total} packages` : ""})...`);
  showProgress(true);
  const child = spawn(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=http", "--no-progress", ...args],
    { cwd: dir, stdio: ["inherit", "pipe", "pipe"] },
  );
  const isPackage = /^npm http (?:fetch GET \d+ \S+\.tgz|cache \S+\.tgz)/;
  const onStderr = passThrough(process.stderr);
  const onStdout = passThrough(process.stdout);
  lines(child.stderr, (line) => {
    if (isPackage.test(line)) {
      done++;
      showProgress();
    } else if (!line.startsWith("npm http ") && line.trim()) {
      onStderr(line); // warnings and errors as npm wrote them
    }
  });
  lines(child.stdout, (line) => line.trim() && onStdout(line));
  const ticker = setInterval(() => showProgress(), 1000); // the seconds go on while npm unpacks

  return new Promise((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearInterval(ticker);
      clearProgress();
      if (code === 0) {
        // npm may write package-lock.json after its own marker; the marker now dates the install.
        const marker = join(dir, "node_modules/.package-lock.json");
        if (existsSync(marker)) {
          const now = new Date();
          utimesSync(marker, now, now);
        }
        console.log(`Installed ${label} in ${seconds()}.`);
        resolvePromise();
      } else {
        reject(Object.assign(new Error(`npm install in ${dir} failed (${signal ?? `status ${code}`})`), { status: code ?? 1 }));
      }
    });
  });
}

/** Calls `onLine` for every line a stream writes. */
function lines(stream, onLine) {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    partial += chunk;
    const parts = partial.split(/\r?\n/);
    partial = parts.pop();
    for (const line of parts) onLine(line);
  });
  stream.on("end", () => partial && onLine(partial));
}

/** Installs in `dir` when needed. Returns true when it installed. */
export async function ensureInstall(dir, options) {
  const reason = installReason(dir);
  if (!reason) return false;
  if (reason !== "node_modules is missing") console.log(`${reason}.`);
  await install(dir, options);
  return true;
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? "")).href) {
  try {
    await ensureInstall(process.cwd());
  } catch (error) {
    console.error(error.message);
    process.exit(error.status ?? 1);
  }
}
