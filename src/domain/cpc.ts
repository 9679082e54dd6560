/**
 * CPC levels (section H, class H04, subclass H04L, group H04L 9/, subgroup H04L 9/3247) as keys
 * without spaces. A document stores every level of every symbol it carries; a search filter names
 * exactly one level, so `H04L 9/32` finds 9/32 and not 9/3247: a level is not a free prefix
 * (spec §4 Search).
 */
export type CpcLevel = 'section' | 'class' | 'subclass' | 'group' | 'subgroup';

// Subclass (`H01M`), main group (1–4 digits, leading zeros dropped), subgroup (1–6 digits, as written).
const SYMBOL = /^([A-HY]\d{2}[A-Z])0*(\d{1,4})\/(\d{1,6})$/;

/** The parts of a symbol however it is spaced, or null when it has another shape. */
function symbolParts(value: string): { subclass: string; group: string; subgroup: string } | null {
  const m = SYMBOL.exec(value.replace(/\s+/g, '').toUpperCase());
  return m ? { subclass: m[1]!, group: m[2]!, subgroup: m[3]! } : null;
}

/**
 * Canonical CPC spacing: one space between subclass and main group, none around the slash, no
 * leading zeros in the main group. `"H01M  50/46"` → `H01M 50/46`, `"H01M2004/027"` →
 * `H01M 2004/027`. A symbol of another shape is kept with its whitespace collapsed.
 */
export function cpcSymbol(value: string): string | null {
  const s = value.trim().toUpperCase();
  if (s === '') return null;
  const parts = symbolParts(s);
  return parts ? `${parts.subclass} ${parts.group}/${parts.subgroup}` : s.replace(/\s+/g, ' ');
}

/** Every level key of one canonical symbol (`H04L 9/3247`); a symbol of another shape is kept whole. */
export function cpcLevels(symbol: string): string[] {
  const parts = symbolParts(symbol);
  if (!parts) {
    const compact = symbol.replace(/\s+/g, '').toUpperCase();
    return compact === '' ? [] : [compact];
  }
  const { subclass, group, subgroup } = parts;
  return [subclass.slice(0, 1), subclass.slice(0, 3), subclass, `${subclass}${group}/`, `${subclass}${group}/${subgroup}`];
}

/** The distinct level keys of a document's symbols, for its `cpc_levels` column. */
export function documentCpcLevels(symbols: readonly string[]): string[] {
  return [...new Set(symbols.flatMap(cpcLevels))];
}

const FILTERS: [CpcLevel, RegExp][] = [
  ['section', /^([A-HY])$/],
  ['class', /^([A-HY]\d{2})$/],
  ['subclass', /^([A-HY]\d{2}[A-Z])$/],
  ['group', /^([A-HY]\d{2}[A-Z])0*(\d{1,4})\/?$/],
  ['subgroup', /^([A-HY]\d{2}[A-Z])0*(\d{1,4})\/(\d{1,6})$/],
];

/**
 * A search filter as the level it names and its key: `h04l` → subclass `H04L`; `C12N15` and
 * `C12N 15/` → group `C12N15/`; `H04L 9/3247` → subgroup. Null when it names no level.
 */
export function parseCpcFilter(input: string): { level: CpcLevel; key: string } | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  for (const [level, pattern] of FILTERS) {
    const m = pattern.exec(compact);
    if (!m) continue;
    if (level === 'group') return { level, key: `${m[1]}${m[2]}/` };
    if (level === 'subgroup') return { level, key: `${m[1]}${m[2]}/${m[3]}` };
    return { level, key: m[1]! };
  }
  return null;
}
