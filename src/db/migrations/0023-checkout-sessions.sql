-- Why: Stripe Checkout (DESIGN.md D19). Each `POST /agent/checkout-link` creates a Checkout Session
-- at Stripe; this row records which org it was for and what it buys, so the payment webhook can
-- cross-check what Stripe reports against what we sold. `credited_at` makes the credit happen
-- exactly once: the webhook sets it with `UPDATE … WHERE credited_at IS NULL RETURNING` in the
-- same transaction as the credit_grants row (reference `stripe:<session id>`, unique as well), so a
-- replayed event, a second event for the same session, or two concurrent deliveries credit nothing
-- more. A paid session with no row (created before this table, or whose insert failed after Stripe
-- answered) is recorded by the webhook from the event itself.
-- Rolling deploys: a new table only.

CREATE TABLE checkout_sessions (
  session_id        text PRIMARY KEY,                          -- Stripe's cs_… id
  org_id            text NOT NULL REFERENCES orgs (org_id),
  amount_usd        integer NOT NULL CHECK (amount_usd > 0),    -- whole US dollars
  units             bigint NOT NULL CHECK (units > 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz,                               -- the hosted page's end (24 hours)
  credited_at       timestamptz,                               -- NULL until paid and credited
  credited_event_id text                                       -- the Stripe event (evt_…) that credited it
);
CREATE INDEX checkout_sessions_org ON checkout_sessions (org_id);
