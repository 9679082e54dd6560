/** What every answer's headers say beside its body: what it cost and which request it was. */
export interface AnswerMeta {
  credits: {
    /** X-Credits-Charged: units this request cost (0 on an error and on free routes). */
    charged: number;
    /** X-Credits-Remaining: the organization's balance after the charge; null when the answer carries none (errors, free routes). */
    remaining: number | null;
  };
  /** X-Request-Id: the request's id, the one the operator's logs carry. */
  requestId: string | null;
}

function count(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

export function answerMeta(response: Response): AnswerMeta {
  return {
    credits: {
      charged: count(response.headers.get('x-credits-charged')) ?? 0,
      remaining: count(response.headers.get('x-credits-remaining')),
    },
    requestId: response.headers.get('x-request-id'),
  };
}
