/**
 * What the linters cannot see in the deployment files (dclint checks compose.yaml against the
 * Compose Specification, dockerfile-utils the Dockerfile's syntax), checked without Docker:
 *
 * - compose.yaml: PostgreSQL 15 built with the rum extension, with a volume and a health check, a one-shot `migrate` after it,
 *   at least two `serve` and one `worker` after both; the worker's health check off, or asking
 *   its /health/live (WORKER_METRICS_PORT) and run here like the Dockerfile's; every variable
 *   given to the service is one src/config.ts reads; the mounted PostgreSQL settings file exists and listens beyond loopback.
 * - Dockerfile: both stages on the newest Node LTS line `engines` admits (slim), production dependencies only, a non-root user, `node dist/cli.js` with
 *   `serve` by default; every command the image is run with (CMD and compose's commands) is one
 *   the built CLI knows; its HEALTHCHECK command, run here, passes on a 200 from /health and fails
 *   on a 503 or when nothing listens.
 * - .dockerignore lets in everything the Dockerfile copies from the build context.
 *
 *   npx tsx scripts/deploy-check.ts      (after `npm run build`; CI runs it)
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SETTINGS } from '../src/domain/settings.js';
import { dockerfileInstructions, newestEngineMajor } from './dockerfile.js';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const problems: string[] = [];
const check = (ok: unknown, problem: string) => {
  if (!ok) problems.push(problem);
};

// --- compose.yaml
interface Service {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  command?: string[];
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  restart?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const postgres = compose.services.postgres;
// The PostgreSQL image is built FROM postgres:15 with the rum extension (search's RUM words index).
const postgresBuild = typeof postgres?.build === 'object' ? postgres.build : null;
const postgresDockerfile = postgresBuild ? join(postgresBuild.context, postgresBuild.dockerfile ?? 'Dockerfile') : null;
check(postgresDockerfile && existsSync(join(root, postgresDockerfile)), 'compose.yaml: postgres is built from no Dockerfile');
if (postgresDockerfile && existsSync(join(root, postgresDockerfile))) {
  const text = read(postgresDockerfile);
  check(/^FROM postgres:15\b/m.test(text), `${postgresDockerfile}: not FROM postgres:15`);
  check(/postgresql-15-rum/.test(text), `${postgresDockerfile}: does not install postgresql-15-rum`);
}
check(postgres?.healthcheck?.test, 'compose.yaml: postgres has no health check');
check(
  postgres?.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data')),
  'compose.yaml: postgres keeps its data in no volume',
);
const settings = postgres?.volumes?.find((volume) => volume.includes(':/etc/postgresql/'))?.split(':')[0];
if (settings) {
  check(existsSync(join(root, settings)), `compose.yaml: ${settings} does not exist`);
  check(
    /^listen_addresses\s*=\s*'\*'/m.test(read(settings)),
    `${settings}: listen_addresses must be '*' (the services connect over the network)`,
  );
}

const app = services.filter(([, service]) => service.command && service.image === compose.services.migrate?.image);
const running = (command: string) => app.filter(([, service]) => service.command![0] === command);
check(running('migrate').length === 1, 'compose.yaml: one migrate service expected');
check(running('serve').length >= 2, 'compose.yaml: at least two serve services expected');
check(running('worker').length === 1, 'compose.yaml: one worker service expected');
const migrate = running('migrate')[0]?.[1];
check(migrate?.restart === 'no', 'compose.yaml: migrate must not restart (one-shot)');
check(migrate?.depends_on?.postgres?.condition === 'service_healthy', 'compose.yaml: migrate must wait for a healthy postgres');
for (const [name, service] of [...running('serve'), ...running('worker')]) {
  check(service.depends_on?.postgres?.condition === 'service_healthy', `compose.yaml: ${name} must wait for a healthy postgres`);
  check(
    service.depends_on?.migrate?.condition === 'service_completed_successfully',
    `compose.yaml: ${name} must wait for migrate to succeed`,
  );
}
// The image's check asks a server's /health on PORT: a worker either turns it off or asks its own
// /health/live on the metrics port it listens on (WORKER_METRICS_PORT); the command is run below.
const workerChecks: { name: string; args: string[] }[] = [];
for (const [name, service] of running('worker')) {
  const test = service.healthcheck?.test;
  if (service.healthcheck?.disable) continue;
  const asksLive = test?.[0] === 'CMD' && test[1] === 'node' && test.join(' ').includes('/health/live');
  check(
    asksLive && service.environment?.WORKER_METRICS_PORT,
    `compose.yaml: ${name} serves no /health on PORT: disable the image's health check, or set WORKER_METRICS_PORT and ask /health/live with node`,
  );
  if (asksLive) workerChecks.push({ name, args: test.slice(2) });
}

// Every variable handed to the service must be one the configuration reads (it reads only the
// settings src/domain/settings.ts declares, src/config.test.ts checks): a misspelt name would be
// ignored without a word.
const known = new Set<string>(SETTINGS.map((setting) => setting.name));
for (const [name, service] of app) {
  for (const variable of Object.keys(service.environment ?? {})) {
    check(known.has(variable), `compose.yaml: ${name} sets ${variable}, which src/domain/settings.ts does not declare`);
  }
}
const url = /^postgres:\/\/([^:]+):[^@]+@postgres:5432\/(\w+)$/.exec(migrate?.environment?.DATABASE_URL ?? '');
check(
  url && url[1] === postgres?.environment?.POSTGRES_USER && url[2] === postgres?.environment?.POSTGRES_DB,
  "compose.yaml: DATABASE_URL must name postgres's POSTGRES_USER and POSTGRES_DB",
);

// --- Dockerfile
const instructions = dockerfileInstructions(join(root, 'Dockerfile'));
const lastFrom = instructions.findLastIndex((i) => i.keyword === 'FROM');
const runtime = instructions.slice(lastFrom);
const only = (keyword: string) => runtime.filter((i) => i.keyword === keyword).map((i) => i.rest);
// The image runs the newest LTS line package.json's `engines` admits.
const newestLts = newestEngineMajor(join(root, 'package.json'));
for (const from of instructions.filter((i) => i.keyword === 'FROM')) {
  check(
    new RegExp(`^node:${newestLts}[-.\\w]*slim\\b`).test(from.rest),
    `Dockerfile: FROM ${from.rest} is not a Node ${newestLts} slim image (the newest line package.json's engines admits)`,
  );
}
check(
  only('RUN').some((run) => run.includes('npm ci --omit=dev')),
  'Dockerfile: the runtime stage must install production dependencies only',
);
check(
  only('COPY').some((copy) => /--from=\w+ \S*dist \.\/dist/.test(copy)),
  'Dockerfile: the runtime stage must copy dist/ from the build stage',
);
const user = only('USER').at(-1);
check(user && !['root', '0'].includes(user), 'Dockerfile: the runtime stage must run as a non-root user');
check(only('EXPOSE').includes('8080'), 'Dockerfile: EXPOSE 8080 (the default PORT)');
check(only('ENTRYPOINT').at(-1) === '["node", "dist/cli.js"]', 'Dockerfile: ENTRYPOINT ["node", "dist/cli.js"] expected');
const cmd = JSON.parse(only('CMD').at(-1) ?? '[]') as string[];
check(cmd[0] === 'serve', 'Dockerfile: CMD ["serve"] expected');

// Every command the image is run with is one the CLI knows (`--help` exits 0 and does nothing else).
for (const command of new Set([cmd[0]!, ...app.map(([, service]) => service.command![0]!), 'demo'])) {
  try {
    execFileSync(process.execPath, [join(root, 'dist/cli.js'), command, '--help'], { stdio: 'ignore' });
  } catch {
    problems.push(`Dockerfile/compose.yaml: \`patent-status ${command} --help\` fails (after npm run build)`);
  }
}

// What the build context must let in: every COPY source that is not from another stage.
const ignore = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim());
for (const copy of instructions.filter((i) => i.keyword === 'COPY' && !i.rest.startsWith('--from'))) {
  for (const source of copy.rest.split(/\s+/).slice(0, -1)) {
    check(
      ignore.includes(`!${source.replace(/^\.\//, '')}`) || ignore.includes(`!${source.replace(/^\.\//, '')}/`),
      `.dockerignore: ${source} is not let in`,
    );
  }
}

/**
 * A health check's node arguments run against a stand-in answering `path` on the port named by the
 * variable `portVariable`: exit codes on a 200, on a 503 and with nothing listening.
 */
async function runHealthcheck(args: string[], path: string, portVariable: string): Promise<[number, number, number]> {
  let status = 200;
  const server = createServer((request, response) => {
    response.writeHead(request.url === path ? status : 404).end('{}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const env = { ...process.env, [portVariable]: String((server.address() as { port: number }).port) };
  const probe = () =>
    new Promise<number>((done) => execFile(process.execPath, args, { env, timeout: 10_000 }, (error) => done(error ? 1 : 0)));
  const healthy = await probe();
  status = 503;
  const unhealthy = await probe();
  await new Promise((closed) => server.close(closed));
  return [healthy, unhealthy, await probe()];
}

// The HEALTHCHECK command, run here against a stand-in for /health.
const healthcheck = /--\S+.*?CMD (\[.*\])$/.exec(runtime.find((i) => i.keyword === 'HEALTHCHECK')?.rest ?? '');
if (!healthcheck) problems.push('Dockerfile: no HEALTHCHECK in the exec form');
else {
  const [program, ...args] = JSON.parse(healthcheck[1]!) as string[];
  check(program === 'node', 'Dockerfile: the HEALTHCHECK must use node (no curl in slim images)');
  const [healthy, unhealthy, nothing] = await runHealthcheck(args, '/health', 'PORT');
  check(healthy === 0, 'Dockerfile: the HEALTHCHECK fails on a 200 from /health');
  check(unhealthy === 1, 'Dockerfile: the HEALTHCHECK passes on a 503 from /health');
  check(nothing === 1, 'Dockerfile: the HEALTHCHECK passes when nothing listens');
}
// The worker's own check, the same way against a stand-in for /health/live.
for (const { name, args } of workerChecks) {
  const [healthy, unhealthy, nothing] = await runHealthcheck(args, '/health/live', 'WORKER_METRICS_PORT');
  check(healthy === 0, `compose.yaml: ${name}'s health check fails on a 200 from /health/live`);
  check(unhealthy === 1, `compose.yaml: ${name}'s health check passes on a 503 from /health/live`);
  check(nothing === 1, `compose.yaml: ${name}'s health check passes when nothing listens`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exitCode = 1;
} else {
  console.log(
    `deployment files: ${services.length} compose services (${app.map(([name]) => name).join(', ')} on the image), ` +
      `Dockerfile runtime stage ${runtime[0]!.rest}, HEALTHCHECK passes on 200 and fails on 503 and on no server` +
      (workerChecks.length > 0 ? `, so does ${workerChecks.map((c) => c.name).join(', ')}'s on /health/live` : ''),
  );
}
