import { describe, expect, it } from 'vitest';
import { buildEvent, EVENT_DETAIL_FIELDS, EVENT_TYPES, eventDetail, eventId, isTransactionEventType } from './events.js';

describe('the event catalogue', () => {
  it('declares the detail members of every event type (D17)', () => {
    expect(Object.keys(EVENT_DETAIL_FIELDS).sort()).toEqual([...EVENT_TYPES].sort());
    expect(EVENT_DETAIL_FIELDS.status_change).toEqual(['from', 'to']);
    expect(EVENT_DETAIL_FIELDS.assignment).toEqual(['reel_frame', 'conveyance_type', 'assignees']);
    expect(EVENT_DETAIL_FIELDS.ptab_decision).toEqual(['trial_number', 'kind', 'outcome']);
    expect(EVENT_DETAIL_FIELDS.maintenance_lapse).toEqual(['window', 'due', 'surcharge_until']);
    expect(EVENT_DETAIL_FIELDS.continuation_filed).toEqual(['child_application_number', 'relationship']);
  });

  it('names the ten types whose detail is their transaction', () => {
    expect(EVENT_TYPES.filter(isTransactionEventType)).toEqual([
      'office_action',
      'allowance',
      'abandonment',
      'rce',
      'appeal',
      'issue_fee_paid',
      'response_filed',
      'interview',
      'terminal_disclaimer',
      'pta',
    ]);
  });

  it('builds each detail with exactly its declared members', () => {
    const details = {
      transaction: eventDetail.transaction({ code: 'MCTNF', description: 'Mail Non-Final Rejection' }),
      statusChange: eventDetail.statusChange({ code: 30, description: 'Docketed' }, { code: 41, description: 'Non Final Action Mailed' }),
      assignment: eventDetail.assignment({ reelFrame: '012345/0678', conveyanceType: 'assignment', assignees: ['Acme Widgets, Inc.'] }),
      ptab: eventDetail.ptab({ trialNumber: 'IPR2025-01319', kind: 'institution_granted', outcome: null }),
      maintenance: eventDetail.maintenance({ window: '7.5y', due: '2030-11-09', surchargeUntil: '2031-05-09' }),
      continuation: eventDetail.continuation({ childApplicationNumber: '18200003', relationship: 'DIV' }),
    };
    expect(Object.keys(details.transaction)).toEqual(EVENT_DETAIL_FIELDS.office_action);
    expect(Object.keys(details.statusChange)).toEqual(EVENT_DETAIL_FIELDS.status_change);
    expect(Object.keys(details.assignment)).toEqual(EVENT_DETAIL_FIELDS.assignment);
    expect(Object.keys(details.ptab)).toEqual(EVENT_DETAIL_FIELDS.ptab_petition);
    expect(Object.keys(details.maintenance)).toEqual(EVENT_DETAIL_FIELDS.maintenance_due);
    expect(Object.keys(details.continuation)).toEqual(EVENT_DETAIL_FIELDS.continuation_filed);
    expect(details.maintenance).toEqual({ window: '7.5y', due: '2030-11-09', surcharge_until: '2031-05-09' });
    expect(details.assignment).toEqual({ reel_frame: '012345/0678', conveyance_type: 'assignment', assignees: ['Acme Widgets, Inc.'] });
  });
});

describe('event ids (D17)', () => {
  it('hash type, target, date and discriminator: the same event always has the same id', () => {
    const id = eventId('office_action', '17248024', '2023-03-05', 'MCTNF#1');
    expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    expect(eventId('office_action', '17248024', '2023-03-05', 'MCTNF#1')).toBe(id);
    expect(eventId('office_action', '17248024', '2023-03-05', 'MCTNF#2')).not.toBe(id);
    expect(eventId('office_action', '17248024', '2023-03-06', 'MCTNF#1')).not.toBe(id);
    expect(eventId('allowance', '17248024', '2023-03-05', 'MCTNF#1')).not.toBe(id);
  });

  it('take the application as target, else the patent, else the entity', () => {
    const detail = eventDetail.ptab({ trialNumber: 'IPR2025-01319', kind: 'IPR', outcome: null });
    const byApplication = buildEvent(
      'ptab_petition',
      { applicationNumber: '16695054', patentNumber: '10916753' },
      '2025-08-01',
      'IPR2025-01319',
      detail,
    );
    expect(byApplication).toEqual({
      eventId: eventId('ptab_petition', '16695054', '2025-08-01', 'IPR2025-01319'),
      eventType: 'ptab_petition',
      occurredOn: '2025-08-01',
      applicationNumber: '16695054',
      patentNumber: '10916753',
      entityId: null,
      detail: { trial_number: 'IPR2025-01319', kind: 'IPR', outcome: null },
    });
    const byPatent = buildEvent(
      'ptab_petition',
      { applicationNumber: null, patentNumber: '10916753' },
      '2025-08-01',
      'IPR2025-01319',
      detail,
    );
    expect(byPatent.eventId).toBe(eventId('ptab_petition', '10916753', '2025-08-01', 'IPR2025-01319'));
    expect(() => buildEvent('ptab_petition', { applicationNumber: null }, null, 'x', detail)).toThrow(/needs a target/);
  });
});
