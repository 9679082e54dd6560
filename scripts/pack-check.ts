/**
 * The npm package as a user gets it: `npm pack` (of the dist/ that `npm run build` made), the
 * tarball installed into an empty folder, `npx patent-status --version`, then `patent-status
 * demo` started from that folder (embedded engine, a new data directory, a free port) until it
 * answers GET /health, the /docs page with its files (from the installed dependency) and one data
 * request with the key it printed; SIGTERM must end it with exit code 0. Everything happens in a temporary folder, removed at the end.
 *
 *   npx tsx scripts/pack-check.ts        (CI runs it after the build)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY_WITHIN_MS = 150_000;
const EXIT_WITHIN_MS = 30_000;

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'pss-pack-check-'));
let demo = null as ChildProcess | null;
let demoExit = null as Promise<{ code: number | null; signal: string | null }> | null;

/** The environment of a user's shell: nothing npm set for the script running this, no server database. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.toLowerCase().startsWith('npm_') || ['DATABASE_URL', 'HOST', 'PORT', 'PUBLIC_BASE_URL', 'INIT_CWD'].includes(name)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

function step(text: string): void {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
}

function fail(text: string): never {
  throw new Error(text);
}

async function main(): Promise<void> {
  // 1. Pack: the tarball holds the compiled code, the migrations, no tests and no source maps.
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, env: userEnv(), encoding: 'utf8' }),
  ) as { filename: string; size: number; files: { path: string }[] }[];
  const paths = new Set(packed!.files.map((file) => file.path));
  const migrations = readdirSync(join(root, 'src/db/migrations')).filter((name) => name.endsWith('.sql'));
  const missing = ['package.json', 'README.md', 'dist/cli.js', ...migrations.map((name) => `dist/db/migrations/${name}`)].filter(
    (path) => !paths.has(path),
  );
  if (missing.length > 0) fail(`the tarball lacks ${missing.join(', ')}`);
  const unwanted = [...paths].filter((path) => /\.test\.js$|\.map$|^(src|test|bench|scripts)\//.test(path));
  if (unwanted.length > 0) fail(`the tarball holds ${unwanted.slice(0, 5).join(', ')}${unwanted.length > 5 ? ' …' : ''}`);
  step(`packed ${packed!.filename}: ${paths.size} files, ${(packed!.size / 1024).toFixed(0)} KiB, ${migrations.length} migrations`);

  // 2. Install it into an empty folder, as a user would.
  const app = join(work, 'app');
  mkdirSync(app);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', join(work, packed!.filename)], { cwd: app, env: userEnv(), stdio: 'inherit' });
  const printed = execFileSync('npx', ['--no', '--', 'patent-status', '--version'], { cwd: app, env: userEnv(), encoding: 'utf8' }).trim();
  if (!printed.includes(version)) fail(`npx patent-status --version printed "${printed}", not ${version}`);
  step(`installed from the tarball; npx patent-status --version: ${printed}`);

  // 3. The demo from the installed package. Started through the bin link itself (npx would put
  // npm and a shell between us and the server, and npm does not pass SIGTERM on to it).
  const port = await freePort();
  let stdout = '';
  let stderr = '';
  demo = spawn(join(app, 'node_modules/.bin/patent-status'), ['demo'], {
    cwd: app,
    env: userEnv({ PATENT_STATUS_DATA_DIR: join(work, 'data'), PORT: String(port), LOG_LEVEL: 'warn' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  demo.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  demo.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const running = demo;
  const exited = (demoExit = new Promise((done) => running.once('exit', (code, signal) => done({ code, signal }))));
  const output = () => `\n--- stdout\n${stdout}\n--- stderr\n${stderr}`;
  step(`demo started on port ${port} (pid ${demo.pid}), first start: generating its corpus`);

  const base = `http://127.0.0.1:${port}`;
  let health: Response | null;
  let key: string | undefined;
  for (const deadline = Date.now() + READY_WITHIN_MS; ;) {
    if (running.exitCode !== null || running.signalCode !== null) {
      fail(`the demo exited early (${running.exitCode ?? running.signalCode})${output()}`);
    }
    if (Date.now() > deadline) fail(`the demo was not ready within ${READY_WITHIN_MS / 1000} s${output()}`);
    key = /^ {2}(pss_[A-Za-z0-9]{32})$/m.exec(stdout)?.[1];
    health = key ? await fetch(`${base}/health`).catch(() => null) : null;
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const body = (await health.json()) as { status?: string; version?: string; engine?: string };
  step(`GET /health: 200 ${JSON.stringify({ status: body.status, version: body.version, engine: body.engine })}`);

  // The reference page and the swagger-ui files it loads, served from the installed package's dependencies.
  const page = await fetch(`${base}/docs`);
  const html = await page.text();
  const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
  if (page.status !== 200 || scripts.length === 0) fail(`GET /docs answered ${page.status}: ${html.slice(0, 300)}`);
  for (const script of scripts) {
    const file = await fetch(`${base}${script}`);
    const size = (await file.arrayBuffer()).byteLength;
    if (file.status !== 200 || size === 0) fail(`GET ${script}, loaded by /docs, answered ${file.status} with ${size} bytes`);
  }
  step(`GET /docs: 200, its ${scripts.length} scripts served`);

  // 4. One data request with the printed key: the first application the demo suggests trying.
  const suggested =
    /curl -s http:\/\/localhost:\d+(\/v1\/applications\/(\d+)) /.exec(stdout) ?? fail(`no application suggested${output()}`);
  const answer = await fetch(`${base}${suggested[1]}`, { headers: { 'x-api-key': key! } });
  const application = (await answer.json()) as { application_number?: string };
  if (answer.status !== 200 || application.application_number !== suggested[2]) {
    fail(`GET ${suggested[1]} answered ${answer.status} ${JSON.stringify(application).slice(0, 300)}`);
  }
  step(`GET ${suggested[1]} with the printed key: 200, X-Credits-Charged ${answer.headers.get('x-credits-charged')}`);

  // 5. SIGTERM: a graceful stop with exit code 0.
  running.kill('SIGTERM');
  const timeout = new Promise<null>((done) => setTimeout(() => done(null), EXIT_WITHIN_MS).unref());
  const ended = await Promise.race([exited, timeout]);
  if (!ended) fail(`the demo did not exit within ${EXIT_WITHIN_MS / 1000} s of SIGTERM${output()}`);
  if (ended.code !== 0) fail(`the demo exited with ${JSON.stringify(ended)} after SIGTERM${output()}`);
  step('SIGTERM: exit code 0');
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}

try {
  await main();
  step('package check passed');
} catch (error) {
  console.error(`package check failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  if (demo && demo.exitCode === null && demo.signalCode === null) {
    demo.kill('SIGKILL');
    await demoExit;
  }
  rmSync(work, { recursive: true, force: true });
  step(`removed ${work}`);
}
