/** A `curl` command line as the discovery documents and the demo print them, read into a request. */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The command as written (continuation lines joined). */
  text: string;
}

/** Shell words: '…' verbatim, "…" and bare words with `$NAME` expanded from `vars`. */
function words(line: string, vars: Record<string, string>): string[] {
  const expand = (text: string) =>
    text.replace(/\$([A-Z_]+)/g, (_, name: string) => {
      if (!(name in vars)) throw new Error(`unset shell variable $${name} in: ${line}`);
      return vars[name]!;
    });
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
    m[1] !== undefined ? m[1] : expand((m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1')),
  );
}

/** Every `curl …` command of a shell text, `\` continuations joined; `#` lines and other commands are skipped. */
export function curlCommands(shell: string, vars: Record<string, string>): CurlRequest[] {
  const joined = shell.replace(/\\\n\s*/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('curl '))
    .map((text) => {
      const args = words(text.replace(/\s+#.*$/, ''), vars).slice(1);
      const request: CurlRequest = { method: 'GET', url: '', headers: {}, body: undefined, text };
      for (let i = 0; i < args.length; i += 1) {
        const arg = args[i]!;
        if (arg === '-s') continue;
        if (arg === '-X') request.method = args[++i]!;
        else if (arg === '-H') {
          const header = args[++i]!;
          const colon = header.indexOf(':');
          request.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
        } else if (arg === '-d') {
          request.body = args[++i]!;
          if (request.method === 'GET') request.method = 'POST';
        } else if (/^https?:\/\//.test(arg)) request.url = arg;
        else throw new Error(`curl option not understood: ${arg} in ${text}`);
      }
      return request;
    });
}
