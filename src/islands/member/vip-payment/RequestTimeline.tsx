import { TIMELINE_TEXT, type VipPaymentFieldsJson } from '@shared/membership/bank-transfer/payment-view';
import { formatDateTime } from '../../../lib/format';


/** The request's history, oldest first (filed, receipt, reminder, outcome). */
export function RequestTimeline({ events }: { events: VipPaymentFieldsJson['timeline'] }) {
  return (
    <ol className="pay-timeline" data-testid="vip-timeline">
      {events.map((event, i) => (
        <li key={`${event.kind}-${i}`} className={`pay-step pay-step-${event.kind}`}>
          <span className="pay-step-title">{TIMELINE_TEXT[event.kind]}</span>
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
        </li>
      ))}
    </ol>
  );
}
