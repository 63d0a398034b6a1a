import { TabbedScreen } from '../ui';
import '../ui/screens.css';
import { RequestsTab } from './RequestsTab';
import { StatementsTab } from './StatementsTab';
import { StatsTab } from './StatsTab';
import { SubscriptionsTab } from './SubscriptionsTab';

/** The tabs in order; adding a tab is one line here. */
const TABS = [
  { key: 'requests', label: 'Talepler', Panel: RequestsTab },
  { key: 'subscriptions', label: 'Abonelikler', Panel: SubscriptionsTab },
  { key: 'statements', label: 'Banka Ekstresi', Panel: StatementsTab },
  { key: 'stats', label: 'İstatistikler', Panel: StatsTab },
] as const;

/** VIP management (spec 002 §2): requests, subscriptions, bank statements and statistics. Admin only (route table). */
export function VipScreen() {
  return <TabbedScreen title="VIP Yönetimi" subtitle="Üyelik talepleri, abonelikler ve istatistikler" tabs={TABS} />;
}
