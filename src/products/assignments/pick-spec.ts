/**
 * What pick.ts keeps of a record, declared by child path (`recorded-date/date`), and the typed
 * answer a mapper reads it from: `Picked.text('recorded-date/date')` compiles only when the spec
 * declares that path, so the mapper and the reader cannot drift apart. The spec is compiled once
 * into a trie of child names (`compileSpec`), which the reader walks as tags open and close.
 */
export interface PickSpec {
  readonly texts?: readonly string[];
  readonly attributes?: readonly string[];
  readonly firsts?: Readonly<Record<string, PickSpec>>;
  readonly lists?: Readonly<Record<string, PickSpec>>;
}

type TextPath<S extends PickSpec> = S['texts'] extends readonly (infer P extends string)[] ? P : never;
type AttributePath<S extends PickSpec> = S['attributes'] extends readonly (infer P extends string)[] ? P : never;
type FirstPath<S extends PickSpec> = keyof NonNullable<S['firsts']> & string;
type ListPath<S extends PickSpec> = keyof NonNullable<S['lists']> & string;
type Sub<M, P> = P extends keyof NonNullable<M> ? (NonNullable<M>[P] extends PickSpec ? NonNullable<M>[P] : never) : never;

/** What was kept of one element, read by the paths its spec declared (the types allow no others). */
export class Picked<S extends PickSpec> {
  /** Absent paths are not stored: a record sets a few dozen of them. */
  private readonly values = new Map<string, string | Record<string, string> | Picked<PickSpec> | Picked<PickSpec>[]>();

  text(path: TextPath<S>): string | null {
    return (this.values.get(path) as string | undefined) ?? null;
  }

  attribute(path: AttributePath<S>, name: string): string | null {
    return (this.values.get(`@${path}`) as Record<string, string> | undefined)?.[name] ?? null;
  }

  first<P extends FirstPath<S>>(path: P): Picked<Sub<S['firsts'], P>> | null {
    return (this.values.get(path) as Picked<Sub<S['firsts'], P>> | undefined) ?? null;
  }

  all<P extends ListPath<S>>(path: P): Picked<Sub<S['lists'], P>>[] {
    return (this.values.get(path) as Picked<Sub<S['lists'], P>>[] | undefined) ?? [];
  }

  /** @internal the reader's setter. */
  set(key: string, value: string | Record<string, string> | Picked<PickSpec>): void {
    this.values.set(key, value);
  }

  /** @internal the reader's list append. */
  append(key: string, value: Picked<PickSpec>): void {
    const list = this.values.get(key) as Picked<PickSpec>[] | undefined;
    if (list === undefined) this.values.set(key, [value]);
    else list.push(value);
  }
}

/** One child name at one level of a compiled spec. */
export interface Step {
  /** Its bit in the parent's mask of first-only steps already taken. */
  bit: number;
  /** Every occurrence (a list path), else only the first. */
  every: boolean;
  /** The full path from the `Picked` that owns it, and the key of its attributes there. */
  path: string;
  attributesKey: string;
  text: boolean;
  attributes: boolean;
  /** A new `Picked` for this element (the end of a `firsts` or `lists` path), with its own steps. */
  pick: Level | null;
  /** The next steps of longer paths through this element (same owner). */
  next: Level | null;
  /** Ends a `lists` path: the new `Picked` is appended, not set. */
  listEnd: boolean;
}

/** The child names of one level and their steps, side by side: a few names, scanned in order (cheaper than hashing each fresh tag name for a Map). */
export interface Level {
  names: string[];
  steps: Step[];
}

export function stepNamed(level: Level, name: string): Step | undefined {
  const names = level.names;
  for (let i = 0; i < names.length; i++) if (names[i] === name) return level.steps[i];
  return undefined;
}

const compiled = new WeakMap<PickSpec, Level>();

/** Spec → a trie of child names; a path used in two incompatible ways is a programming error, thrown here. */
export function compileSpec(spec: PickSpec): Level {
  const known = compiled.get(spec);
  if (known !== undefined) return known;
  const root: Level = { names: [], steps: [] };
  const add = (path: string, every: boolean, end: (step: Step) => void): void => {
    let level = root;
    const names = path.split('/');
    names.forEach((name, i) => {
      let step = stepNamed(level, name);
      if (step === undefined) {
        if (level.names.length >= 31) throw new Error(`pick spec: too many children at ${path}`);
        const at = names.slice(0, i + 1).join('/');
        step = {
          bit: 1 << level.names.length,
          every,
          path: at,
          attributesKey: `@${at}`,
          text: false,
          attributes: false,
          pick: null,
          next: null,
          listEnd: false,
        };
        level.names.push(name);
        level.steps.push(step);
      }
      if (step.every !== every) throw new Error(`pick spec: ${path} is both a first and an every path`);
      if (i === names.length - 1) {
        end(step);
      } else {
        if (step.text || step.pick !== null) throw new Error(`pick spec: ${path} goes through a kept element`);
        step.next ??= { names: [], steps: [] };
        level = step.next;
      }
    });
  };
  // A path ends in one kind of value; attributes may sit beside any of them.
  const free = (step: Step): Step => {
    if (step.next !== null || step.pick !== null || step.text) throw new Error(`pick spec: ${step.path} is used two ways`);
    return step;
  };
  for (const path of spec.texts ?? []) add(path, false, (s) => (free(s).text = true));
  for (const path of spec.attributes ?? []) add(path, false, (s) => (s.attributes = true));
  for (const [path, sub] of Object.entries(spec.firsts ?? {})) add(path, false, (s) => (free(s).pick = compileSpec(sub)));
  for (const [path, sub] of Object.entries(spec.lists ?? {})) {
    add(path, true, (s) => {
      free(s).pick = compileSpec(sub);
      s.listEnd = true;
    });
  }
  compiled.set(spec, root);
  return root;
}
