/**
 * CPC symbols of a grant or publication (`classifications-cpc`, XML-FORMATS.md §5): the main
 * symbol first, then the further ones in document order, in canonical spacing, without repeats.
 * Grants before 2015 and some later records have no block at all: then `[]`.
 */
import { cpcSymbol } from '../../domain/cpc.js';
import { all, descendants, textAt } from '../../ingest/xml/select.js';
import type { XmlElement } from '../../ingest/xml/tree.js';

export function cpcSymbols(bibliographic: XmlElement | null): string[] {
  const out: string[] = [];
  for (const group of ['classifications-cpc/main-cpc', 'classifications-cpc/further-cpc']) {
    // Descendants, not children: a combination set (not observed) would nest its symbols deeper.
    for (const holder of all(bibliographic, group)) {
      for (const element of descendants(holder, 'classification-cpc')) {
        const symbol = symbolOf(element);
        if (symbol !== null && !out.includes(symbol)) out.push(symbol);
      }
    }
  }
  return out;
}

/** `section + class + subclass + " " + main-group + "/" + subgroup` → `H05B 1/0272`. */
function symbolOf(element: XmlElement): string | null {
  const parts = ['section', 'class', 'subclass', 'main-group', 'subgroup'].map((name) => textAt(element, name));
  const [section, klass, subclass, mainGroup, subgroup] = parts;
  if (section == null || klass == null || subclass == null || mainGroup == null || subgroup == null) return null;
  return cpcSymbol(`${section}${klass}${subclass} ${mainGroup}/${subgroup}`);
}
