import { readFileSync } from 'node:fs';

export interface Instruction {
  keyword: string;
  rest: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
export function dockerfileInstructions(path: string): Instruction[] {
  return readFileSync(path, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'))
    .map((line) => /^(\w+)\s+(.*)$/.exec(line.trim())!)
    .map(([, keyword, rest]) => ({ keyword: keyword!.toUpperCase(), rest: rest!.trim() }));
}

/** The newest Node.js line package.json's `engines` admits: the highest major it names. */
export function newestEngineMajor(packageJsonPath: string): number {
  const engines = (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { engines: { node: string } }).engines.node;
  return Math.max(...[...engines.matchAll(/(?:>=|\^)(\d+)/g)].map((match) => Number(match[1])));
}
