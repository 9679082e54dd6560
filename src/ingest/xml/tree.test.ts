import { describe, expect, it } from 'vitest';
import { all, attribute, descendants, first, textAt } from './select.js';
import { inlineText, plainText, textLines } from './text.js';
import { readXmlTree, type TreeOutcome, type XmlElement } from './tree.js';

const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE doc SYSTEM "us-patent-grant-v47-2022-02-17.dtd" [ ]>\n';

function read(body: string, skip: string[] = []): TreeOutcome {
  return readXmlTree(PROLOG + body, { acceptRoot: (name) => name === 'doc', skip: new Set(skip) });
}

function tree(body: string, skip: string[] = []): XmlElement {
  const outcome = read(body, skip);
  if (outcome.kind !== 'read') throw new Error(`not read: ${JSON.stringify(outcome)}`);
  return outcome.tree;
}

describe('readXmlTree', () => {
  it('builds names, attributes and children, without fetching the DTD', () => {
    const doc = tree('<doc lang="EN" dtd-version="v4.7 2022-02-17">\n<a id="x">1</a>\n<a>2</a>\n<c><a>3</a></c>\n</doc>');
    expect(doc.name).toBe('doc');
    expect(attribute(doc, 'dtd-version')).toBe('v4.7 2022-02-17');
    expect(all(doc, 'a').map((a) => inlineText(a))).toEqual(['1', '2']);
    expect(first(doc, 'c/a')?.children).toEqual(['3']);
    expect(descendants(doc, 'a')).toHaveLength(3);
    // Whitespace-only text between elements is formatting: not kept.
    expect(doc.children.every((c) => typeof c !== 'string')).toBe(true);
  });

  it('decodes numeric character references and the five XML entities', () => {
    const doc = tree('<doc><t>metal&#x2014;seawater &#x2018;Beka&#x2019; Montr&#xe9;al &amp; &lt;x&gt; &quot;q&quot; &apos;</t></doc>');
    expect(textAt(doc, 't')).toBe('metal\u2014seawater \u2018Beka\u2019 Montr\u00e9al & <x> "q" \'');
  });

  it('leaves skipped subtrees out', () => {
    const doc = tree('<doc><description><p>long<b>text</b></p><description>nested</description></description><claims>c</claims></doc>', [
      'description',
    ]);
    expect(doc.children.map((c) => (typeof c === 'string' ? c : c.name))).toEqual(['claims']);
  });

  it('stops at a root that is not accepted', () => {
    const outcome = readXmlTree(`${PROLOG}<sequence-cwu><s100>&undeclared;</s100></sequence-cwu>`, { acceptRoot: (n) => n === 'doc' });
    expect(outcome).toEqual({ kind: 'other-root', root: 'sequence-cwu' });
  });

  it('reports an unknown named entity as an error with its position, not an exception', () => {
    const outcome = read('<doc><t>a &nbsp; b</t></doc>');
    expect(outcome.kind).toBe('error');
    if (outcome.kind === 'error') {
      expect(outcome.message).toMatch(/undefined entity/);
      expect(outcome.offset).toBeGreaterThan(PROLOG.length);
    }
  });

  it('reports a document that is not well-formed', () => {
    expect(read('<doc><a></b></doc>').kind).toBe('error');
    expect(read('<doc><a>').kind).toBe('error');
  });
});

describe('text helpers', () => {
  it('keeps inline markup text and the spaces between inline elements', () => {
    const doc = tree('<doc><t>H<sub>2</sub>O and <i>in vitro</i> <b>bold</b><sup>®</sup> <smallcaps>Co</smallcaps>.</t></doc>');
    expect(textAt(doc, 't')).toBe('H2O and in vitro bold® Co.');
  });

  it('collapses source line breaks within a line; br, paragraphs and line elements start lines', () => {
    const doc = tree(
      '<doc><abstract><p>First\n   paragraph<br/>after break</p>\n<p>Second</p></abstract>' +
        '<claim><claim-text><b>1</b>. A thing, comprising:\n<claim-text>a part; and </claim-text>\n<claim-text>another part.</claim-text>\n</claim-text></claim></doc>',
    );
    expect(plainText(first(doc, 'abstract') as XmlElement)).toBe('First paragraph\nafter break\nSecond');
    const claim = first(doc, 'claim') as XmlElement;
    expect(textLines(claim, { lineElements: new Set(['claim-text']) })).toEqual([
      '1. A thing, comprising:',
      'a part; and',
      'another part.',
    ]);
    expect(inlineText(claim)).toBe('1. A thing, comprising: a part; and another part.');
  });

  it('puts table cells on one line and rows on their own', () => {
    const doc = tree('<doc><t><table><row><entry>a</entry><entry>b</entry></row><row><entry>c</entry></row></table></t></doc>');
    expect(plainText(first(doc, 't') as XmlElement)).toBe('a b\nc');
  });

  it('keeps non-breaking spaces as content', () => {
    expect(textAt(tree('<doc><t>10&#xa0;mm</t></doc>'), 't')).toBe('10\u00a0mm');
  });

  it('gives null for absent or blank elements', () => {
    const doc = tree('<doc><t>  </t></doc>');
    expect(textAt(doc, 't')).toBeNull();
    expect(textAt(doc, 'missing/x')).toBeNull();
    expect(first(null, 'a')).toBeNull();
  });
});
