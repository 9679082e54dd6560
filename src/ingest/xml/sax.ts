/**
 * One XML document through saxes, with the two decisions every full-text reader needs: which root
 * elements are worth reading (a `sequence-cwu` document can be megabytes of sequence listing we
 * never use, so reading stops at its root tag), and that any well-formedness problem is an outcome
 * for that document, not an exception for the file.
 *
 * saxes never fetches a DTD: the DOCTYPE's external system id and its empty internal subset `[ ]`
 * are passed over. It knows the five XML entities and decodes numeric character references; any
 * other named entity (the USPTO DTDs declare a few, rarely used) is "undefined entity", so the
 * document is reported as unreadable rather than read with the entity left out — unless the caller
 * says the entity sits in content it does not read (a skipped description), where it changes
 * nothing we keep.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';

export interface SaxHandlers {
  /** `textOff` / `textOn` stop and resume text events (no strings are made for skipped subtrees). */
  open(tag: SaxesTagPlain, control: TextControl): void;
  close(name: string, control: TextControl): void;
  /** Character data (entities decoded) and CDATA sections inside the root. */
  text(text: string): void;
  /** True while an undefined entity here would not reach any output. */
  ignoresUndefinedEntities(): boolean;
}

export type SaxOutcome =
  | { kind: 'read'; root: string }
  /** The root was not accepted; reading stopped at its start tag. */
  | { kind: 'other-root'; root: string }
  /** `offset`: character index in the text where saxes stopped. */
  | { kind: 'error'; message: string; offset: number };

export interface TextControl {
  textOff(): void;
  textOn(): void;
}

// Thrown from the root's start tag to leave saxes' write loop at once.
/** Thrown from a handler to end the parse early; told from a real failure by identity. */
const STOP = new Error('stop reading');

const UNDEFINED_ENTITY = /undefined entity\.$/;

/**
 * Parses `text` (one whole document). `handlers` null only tokenises and finds the root: the
 * baseline the tree builder pays on top of (it then lets undefined entities pass, so that it reads
 * every document as far as the tree builder does).
 */
export function runSax(text: string, acceptRoot: (name: string) => boolean, handlers: SaxHandlers | null): SaxOutcome {
  const parser = new SaxesParser({ xmlns: false, position: true });
  // Without an error handler saxes throws at the first error; with one it goes on, so this one
  // throws every error except the undefined entities the caller can do without.
  parser.on('error', (err) => {
    if (UNDEFINED_ENTITY.test(err.message) && (handlers === null || handlers.ignoresUndefinedEntities())) return;
    throw err;
  });
  let root: string | null = null;
  parser.on('opentag', (tag) => {
    if (root === null) {
      root = tag.name;
      if (!acceptRoot(tag.name)) throw STOP;
      if (handlers === null) parser.off('opentag');
    }
    handlers?.open(tag, control);
  });
  const onText = (t: string): void => handlers?.text(t);
  const control: TextControl = {
    textOff() {
      parser.off('text');
      parser.off('cdata');
    },
    textOn() {
      parser.on('text', onText);
      parser.on('cdata', onText);
    },
  };
  if (handlers !== null) {
    parser.on('closetag', (tag) => handlers.close(tag.name, control));
    control.textOn();
  }
  try {
    parser.write(text).close();
  } catch (err) {
    if (err === STOP && root !== null) return { kind: 'other-root', root };
    return { kind: 'error', message: err instanceof Error ? err.message : String(err), offset: parser.position };
  }
  if (root === null) return { kind: 'error', message: 'no root element', offset: 0 };
  return { kind: 'read', root };
}
