/**
 * Spec convention 2 and 4: `/v1/applications/17/248,024` and `/v1/publications/2023/0080435`
 * name one resource although the number holds a slash. Before routing, a slash inside the
 * number segment is encoded, so the router sees one path parameter and the handler parses it.
 */
const NUMBER_PATHS: { prefix: string; suffixes: string[] }[] = [
  { prefix: '/v1/applications/', suffixes: ['/transactions', '/office-actions', '/assignments'] },
  { prefix: '/v1/publications/', suffixes: ['/claims'] },
];

export function encodeNumberSlashes(url: string): string {
  const route = NUMBER_PATHS.find((candidate) => url.startsWith(candidate.prefix));
  if (!route) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt);
  let rest = path.slice(route.prefix.length);
  const suffix = route.suffixes.find((candidate) => rest.endsWith(candidate)) ?? '';
  rest = rest.slice(0, rest.length - suffix.length);
  if (!rest.includes('/')) return url;
  return `${route.prefix}${rest.replace(/\/+$/, '').replace(/\//g, '%2F')}${suffix}${query}`;
}
