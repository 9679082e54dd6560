/**
 * Reads one record's XML into only the values a mapper asks for, by child path, with the meaning
 * select.ts gives the same paths on a whole tree:
 *
 * - `texts`: the text of the FIRST element at the path (the first match at every step), as
 *   `textAt` reads it: `inlineText`, null when absent or blank;
 * - `attributes`: the attributes of that first element;
 * - `firsts`: the first element at the path, as a `Picked` of its own (null when absent);
 * - `lists`: every element at the path in document order (all matches at every step), as `all`.
 *
 * Why: building each record's whole tree and then searching it by path was two thirds of the
 * assignment parser's time (bench/assignments.ts). Here a path-stack state machine follows the
 * record's start and end tags and keeps values as their elements end. Only an element whose text
 * is kept and holds markup (`<b>` in a title) is built as a tree, by xml/tree.ts `TreeBuilder`, so
 * that text reads exactly as `inlineText` reads it from a whole tree. The events come from saxes
 * (xml/sax.ts `runSax`): the outcome, and the error message of a record that is not well-formed,
 * are saxes' as before.
 */
import { runSax, type SaxHandlers, type SaxOutcome } from '../../ingest/xml/sax.js';
import { inlineText } from '../../ingest/xml/text.js';
import { TreeBuilder } from '../../ingest/xml/tree.js';
import { compileSpec, type Level, Picked, type PickSpec, type Step, stepNamed } from './pick-spec.js';

/** A start tag as the reader needs it. */
interface PlainTag {
  name: string;
  attributes: Record<string, string>;
}

export type PickOutcome<S extends PickSpec> = Exclude<SaxOutcome, { kind: 'read' }> | { kind: 'read'; root: string; picked: Picked<S> };

/** Reads `text` (one whole document) with saxes and keeps what `spec` names, relative to the root element. */
export function pickXml<S extends PickSpec>(text: string, acceptRoot: (name: string) => boolean, spec: S): PickOutcome<S> {
  const reader = new PickReader(compileSpec(spec));
  const outcome = runSax(text, acceptRoot, reader);
  if (outcome.kind !== 'read') return outcome;
  return { kind: 'read', root: outcome.root, picked: reader.root };
}

/**
 * True when `inlineText` of an element holding only `text` is `text` itself: no tab or line break,
 * no two spaces in a row, nothing `trim` would take off. A loop, as it runs for every value kept.
 */
function isPlain(text: string): boolean {
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x09 || c === 0x0a || c === 0x0d || (c === 0x20 && previous === 0x20)) return false;
    previous = c;
  }
  return text.trim() === text;
}

/**
 * The path-stack state machine. One frame per open element outside kept text: its level of steps
 * (null inside an element no path goes through), its owner and its mask of first-only steps taken.
 * Text is left on throughout: switching saxes' text handler off and on around each kept element
 * cost more than the whitespace strings it saves (bench/assignments.ts).
 */
class PickReader implements SaxHandlers {
  readonly root = new Picked<PickSpec>();
  private readonly levels: (Level | null)[] = [];
  private readonly owners: Picked<PickSpec>[] = [];
  private readonly taken: number[] = [];
  private depth = 0;
  /** Inside an element whose text is kept: its depth (1 at its own start tag), tag, step and owner. */
  private textDepth = 0;
  private textTag: PlainTag | null = null;
  private textStep: Step | null = null;
  private textOwner: Picked<PickSpec> = this.root;
  /** Its text while that is one text event and no child element (nearly always); null before any. */
  private single: string | null = null;
  /** Its tree, built once a second text event or a child element (inline markup) comes, or at its end when the text is not plain. */
  private builder: TreeBuilder | null = null;

  constructor(private readonly spec: Level) {}

  open(tag: PlainTag): void {
    if (this.textDepth > 0) {
      this.textDepth++;
      (this.builder ?? this.startTree()).open(tag.name, tag.attributes);
      return;
    }
    const top = this.depth - 1;
    if (top < 0) {
      this.push(this.spec, this.root);
      return;
    }
    const level = this.levels[top] as Level | null;
    let step = level === null ? undefined : stepNamed(level, tag.name);
    if (step !== undefined && !step.every) {
      const mask = this.taken[top]!;
      if ((mask & step.bit) !== 0) step = undefined;
      else this.taken[top] = mask | step.bit;
    }
    let owner = this.owners[top]!;
    if (step === undefined) {
      this.push(null, owner);
      return;
    }
    if (step.attributes) owner.set(step.attributesKey, tag.attributes);
    if (step.text) {
      this.textDepth = 1;
      this.textTag = tag;
      this.textStep = step;
      this.textOwner = owner;
      this.single = null;
      this.builder = null;
      return;
    }
    if (step.pick !== null) {
      const picked = new Picked<PickSpec>();
      if (step.listEnd) owner.append(step.path, picked);
      else owner.set(step.path, picked);
      owner = picked;
    }
    this.push(step.pick ?? step.next, owner);
  }

  close(): void {
    if (this.textDepth === 0) {
      this.depth--;
      return;
    }
    if (--this.textDepth > 0) {
      this.builder!.close();
      return;
    }
    const single = this.single;
    let text: string;
    if (this.builder === null && single !== null && isPlain(single)) {
      text = single;
    } else {
      const builder = this.builder ?? this.startTree();
      builder.close();
      text = inlineText(builder.root!);
    }
    if (text !== '') this.textOwner.set(this.textStep!.path, text);
  }

  text(t: string): void {
    if (this.textDepth === 0) return;
    if (this.builder === null && this.single === null) this.single = t;
    else (this.builder ?? this.startTree()).text(t);
  }

  ignoresUndefinedEntities(): boolean {
    return false;
  }

  /** The kept element's tree so far: its start tag and the text event held in `single`. */
  private startTree(): TreeBuilder {
    const builder = new TreeBuilder();
    builder.open(this.textTag!.name, this.textTag!.attributes);
    if (this.single !== null) builder.text(this.single);
    this.builder = builder;
    return builder;
  }

  private push(level: Level | null, owner: Picked<PickSpec>): void {
    const at = this.depth++;
    this.levels[at] = level;
    this.owners[at] = owner;
    this.taken[at] = 0;
  }
}
