/**
 * `maintenance_lapse` (interface-spec §6) for an `EXP.` newly recorded by any product: the window
 * it ended is judged from the patent's facts as they stood on the EXP. date, every product's fee
 * events included. The id is (type, the application, the EXP. date, the window) whichever product
 * brought the EXP., so the same lapse seen in the fee file and in the file wrapper's transactions
 * is one event (D17).
 */
import { buildEvent, type DetectedEvent, eventDetail } from '../domain/events.js';
import { officeClosures } from '../domain/office-closures.js';
import { assessPatent } from './assess.js';
import type { HeldPatent } from './read.js';
import { MAINTENANCE_FEE_PRODUCT } from '../domain/products.js';

/** The lapse event of each EXP. date given, for one patent; none when the facts show no lapse on that day. */
export function lapseEvents(
  { facts, original }: HeldPatent,
  expDates: readonly string[],
  closures: ReadonlySet<string> = officeClosures(),
): DetectedEvent[] {
  return [...new Set(expDates)].flatMap((expDate) => {
    const asItStood = {
      ...facts,
      feeEvents: facts.feeEvents.filter((event) => event.date <= expDate),
      feesCoveredThrough: { date: expDate, source: { product: MAINTENANCE_FEE_PRODUCT, file_date: expDate } },
    };
    const { status } = assessPatent(asItStood, original, expDate, closures);
    const lapsed = status.lapse;
    const deadlines = lapsed ? status.deadlines[lapsed.window] : null;
    if (!lapsed || !deadlines || lapsed.recorded !== expDate) return [];
    return [
      buildEvent(
        'maintenance_lapse',
        { applicationNumber: facts.applicationNumber, patentNumber: facts.patentNumber },
        expDate,
        lapsed.window,
        eventDetail.maintenance({ window: lapsed.window, due: deadlines.due, surchargeUntil: deadlines.surcharge_until }),
      ),
    ];
  });
}
