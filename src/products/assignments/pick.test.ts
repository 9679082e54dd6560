import { describe, expect, it } from 'vitest';
import { all, attribute, first, textAt } from '../../ingest/xml/select.js';
import { readXmlTree, type XmlElement } from '../../ingest/xml/tree.js';
import { pickXml } from './pick.js';
import { compileSpec, type Picked, type PickSpec } from './pick-spec.js';

// pick.ts must read what select.ts reads from a whole tree, path for path: the first match at
// every step for texts and firsts, every match for lists, text as `inlineText` reads it.

const SPEC = {
  texts: ['a/b', 'a/c', 't', 'name', 'deep/x/y'],
  attributes: ['name', 'a'],
  firsts: { 'holder/inner': { texts: ['v'] } },
  lists: { 'ls/l': { texts: ['v', 'w/v'], attributes: ['v'] } },
} as const satisfies PickSpec;

type Shape = Record<string, unknown>;

/** What select.ts reads at the spec's paths. */
function fromTree(spec: PickSpec, element: XmlElement): Shape {
  return {
    texts: (spec.texts ?? []).map((p) => textAt(element, p)),
    attributes: (spec.attributes ?? []).map((p) => [attribute(first(element, p), 'k'), attribute(first(element, p), 'name-type')]),
    firsts: Object.entries(spec.firsts ?? {}).map(([p, sub]) => {
      const found = first(element, p);
      return found === null ? null : fromTree(sub, found);
    }),
    lists: Object.entries(spec.lists ?? {}).map(([p, sub]) => all(element, p).map((e) => fromTree(sub, e))),
  };
}

/** What pick.ts kept at the same paths (the typed accessors, loosened for a spec known only here). */
function fromPicked(spec: PickSpec, picked: Picked<PickSpec>): Shape {
  const loose = picked as unknown as {
    text(p: string): string | null;
    attribute(p: string, n: string): string | null;
    first(p: string): Picked<PickSpec> | null;
    all(p: string): Picked<PickSpec>[];
  };
  return {
    texts: (spec.texts ?? []).map((p) => loose.text(p)),
    attributes: (spec.attributes ?? []).map((p) => [loose.attribute(p, 'k'), loose.attribute(p, 'name-type')]),
    firsts: Object.entries(spec.firsts ?? {}).map(([p, sub]) => {
      const found = loose.first(p);
      return found === null ? null : fromPicked(sub, found);
    }),
    lists: Object.entries(spec.lists ?? {}).map(([p, sub]) => loose.all(p).map((e) => fromPicked(sub, e))),
  };
}

const isRoot = (name: string): boolean => name === 'r';

function agree(body: string): void {
  // As written (the plain reader), and with a comment that leaves it to saxes.
  for (const text of [`<r>${body}</r>`, `<r><!-- saxes -->${body}</r>`]) {
    const tree = readXmlTree(text, { acceptRoot: isRoot });
    const picked = pickXml(text, isRoot, SPEC);
    if (tree.kind !== 'read' || picked.kind !== 'read') throw new Error(`not read: ${text}`);
    expect(fromPicked(SPEC, picked.picked), text).toEqual(fromTree(SPEC, tree.tree));
  }
}

describe('pickXml', () => {
  it('takes the first match at every step of a text path', () => {
    agree('<a><b>1</b></a><a><b>2</b><c>3</c></a>');
    agree('<a><c>only</c></a><a><b>late</b></a><deep><x/><x><y>no</y></x></deep><deep><x><y>no</y></x></deep>');
    agree('<t>one</t><t>two</t><name k="1">A</name><name k="2">B</name>');
  });

  it('takes every match at every step of a list path, and each its own values', () => {
    agree('<ls><l><v>1</v></l></ls><x><ls><l><v>no</v></l></ls></x><ls><l k="a"><v>2</v><w><v>2w</v></w></l><l><v>3</v><v>3b</v></l></ls>');
    agree('<holder><inner><v>a</v></inner><inner><v>b</v></inner></holder><holder><inner><v>c</v></inner></holder>');
    agree('<holder/><ls/>');
  });

  it('reads text as inlineText does: collapsed, markup inline or on lines, blank as null', () => {
    agree('<t>  spaced \r\n  out\t</t><name>A &amp; B</name>');
    agree('<t> A <b>bold</b> <i>it</i>\n and <u>u</u></t><name>x<br/>y</name>');
    agree('<t><p>line one</p>  <p>two</p><x>3</x> <x>4</x></t><name><name>inner</name>outer</name>');
    agree('<t>   </t><name/><a><b>\n</b><c><i> </i></c></a>');
    agree('<t>x<![CDATA[ y ]]>z</t><name>a<!-- gap -->b</name>');
    agree('<t>caf\u00e9\u00a0</t><name>\u00a0nbsp\u00a0</name><deep><x><y>\u2028</y></x></deep>');
  });

  it('keeps the attributes of the first element at the path', () => {
    agree('<name name-type="legal" k="1">N</name><name name-type="natural">M</name><a k="a1"/><a k="a2"/>');
  });

  it('reports what saxes reports for a record that is not well-formed', () => {
    const text = '<r><t>A & B</t></r>';
    expect(pickXml(text, isRoot, SPEC)).toEqual(readXmlTree(text, { acceptRoot: isRoot }));
    expect(pickXml('<other/>', isRoot, SPEC)).toEqual({ kind: 'other-root', root: 'other' });
  });

  it('refuses a spec that uses one path two ways', () => {
    expect(() => compileSpec({ texts: ['a'], firsts: { a: {} } })).toThrow(/used two ways/);
    expect(() => compileSpec({ texts: ['a/b'], lists: { 'a/c': {} } })).toThrow(/both a first and an every path/);
    expect(() => compileSpec({ texts: ['a', 'a/b'] })).toThrow(/goes through a kept element/);
  });
});
