import { TabbedScreen } from '../ui';
import '../ui/screens.css';
import { AdsTab } from './AdsTab';
import { BankTab } from './BankTab';
import { CompanyTab } from './CompanyTab';
import { GeneralTab } from './GeneralTab';
import { PackagesTab } from './PackagesTab';

/** The tabs in order; adding a tab is one line here. */
const TABS = [
  { key: 'bank', label: 'Banka Hesabı', Panel: BankTab },
  { key: 'company', label: 'Şirket Bilgileri', Panel: CompanyTab },
  { key: 'general', label: 'Genel Ayarlar', Panel: GeneralTab },
  { key: 'packages', label: 'VIP Paketleri', Panel: PackagesTab },
  { key: 'ads', label: 'Reklamlar', Panel: AdsTab },
] as const;

/** System settings (spec 002 §2 'Settings'): bank account, general settings, VIP packages, house ads. Admin only (route table). */
export function SettingsScreen() {
  return <TabbedScreen title="Sistem Ayarları" subtitle="Ödeme hesabı, şirket bilgileri, site metinleri ve VIP paketleri" tabs={TABS} />;
}
