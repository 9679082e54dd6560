/**
 * One operation's example: the request (its parameters and body) and the answer the demo corpus
 * (`patent-status demo`) gives it. Arrays of an answer are cut to their first items and long texts
 * end in "…"; test/openapi-examples.test.ts sends every request to an app holding the demo corpus
 * and checks that each example is its live answer so abridged.
 */
interface OperationExample {
  /** Path, query and header parameters by name: together, the example request. */
  parameters?: Record<string, string | number | boolean>;
  body?: unknown;
  /** The success status of the answer below. */
  status: number;
  /** The answer's body: JSON, or the text of a text answer. Absent for a 204. */
  response?: unknown;
  /** Answers other than the success and the shared error shapes (a 503 of /health), by status. */
  otherResponses?: Record<number, unknown>;
  /** The answer is too large to show whole: the example holds some of its members. */
  someMembers?: true;
  /** Why the demo cannot give this answer (it takes no payments, say): the example is then only validated. */
  notLive?: string;
}

export type OperationExamples = Record<string, OperationExample>;

/** Values the demo stamps at run time: an example shows them as a deployment loaded the day after the files would. */
export const EXAMPLE_AS_OF = '2026-11-21';
