import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.js';

export interface OwnerNotice {
  to: string;
  subject: string;
  text: string;
}

/** Tells an org's owner what happened on their account. Notices never carry a key. */
export interface Notifier {
  send(notice: OwnerNotice): Promise<void>;
}

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** SMTP through nodemailer when configured; otherwise the notice goes to the log. */
export function createNotifier(smtp: SmtpConfig | null, log: Log): Notifier {
  if (!smtp) {
    return {
      async send(notice) {
        log.info({ to: notice.to, subject: notice.subject, text: notice.text }, 'owner notice (SMTP not configured)');
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
  });
  return {
    async send(notice) {
      try {
        await transport.sendMail({ from: smtp.from, to: notice.to, subject: notice.subject, text: notice.text });
      } catch (error) {
        // A mail outage must not undo a signup: the key was already shown; record the failure.
        log.error({ err: error, to: notice.to, subject: notice.subject }, 'owner notice could not be sent');
      }
    },
  };
}

export function signupNotice(input: {
  email: string;
  orgId: string;
  agentName: string | null;
  rekeyed: boolean;
  baseUrl: string;
}): OwnerNotice {
  const agent = input.agentName ? `An agent named "${input.agentName}"` : 'An agent';
  const action = input.rekeyed
    ? 'signed up again with your e-mail address. The previous key of your organization was revoked and a new one was issued to the agent.'
    : 'enrolled with the Patent Status Service using your e-mail address and received an API key.';
  return {
    to: input.email,
    subject: 'An agent enrolled in the Patent Status Service',
    text: [
      `${agent} ${action}`,
      '',
      `Organization: ${input.orgId}`,
      'Requests need prepaid credit (20 US dollars = 1,000 requests). The agent can ask for a payment link',
      `(POST ${input.baseUrl}/agent/checkout-link); you pay on the hosted page, no login needed.`,
      '',
      'If you did not expect this, ignore this message: nothing is charged without a payment.',
    ].join('\n'),
  };
}

/** The owner's receipt for a Stripe payment, sent once the credit is committed (never a key). */
export function receiptNotice(input: {
  email: string;
  orgId: string;
  sessionId: string;
  /** What Stripe says was paid, in cents. */
  amountCents: number;
  units: number;
  balanceUnits: number;
  baseUrl: string;
}): OwnerNotice {
  const count = (n: number) => n.toLocaleString('en-US');
  const paid = `USD ${(input.amountCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return {
    to: input.email,
    subject: 'Payment received: credit added to your Patent Status Service account',
    text: [
      `Thank you: your payment of ${paid} was received and the credit is on your account.`,
      '',
      `Organization:   ${input.orgId}`,
      `Amount paid:    ${paid}`,
      `Units credited: ${count(input.units)}`,
      `New balance:    ${count(input.balanceUnits)} units`,
      `Stripe Checkout session: ${input.sessionId}`,
      '',
      `Every key of the organization draws on this balance (GET ${input.baseUrl}/agent/me shows it). Credit never expires.`,
    ].join('\n'),
  };
}
