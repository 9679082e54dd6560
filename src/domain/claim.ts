/** One claim as stored and served (interface-spec §2 "Claims document"): the full-text parsers write it, the claims endpoints read it. */
export interface Claim {
  /** The claim's number as printed (`num="00003"` → 3). */
  number: number;
  /**
   * Text in document order without markup; a nested `claim-text` (a limb) starts a new line.
   * Utility claims keep their leading `"1. "` as printed; the design claim has none.
   */
  text: string;
  /** Numbers of the claims this one refers to (`claim-ref idref`), ascending; empty when independent. */
  dependent_on: number[];
  /**
   * Canceled by amendment (publications: "(canceled)" claims); absent otherwise. A placeholder
   * printed for a range (`1-18. (canceled)`) is one canceled claim per number, each with its text.
   */
  canceled?: true;
  /** The printed number when the office mis-numbered the claim (e.g. a duplicate or a gap); absent otherwise. */
  number_raw?: string;
}
