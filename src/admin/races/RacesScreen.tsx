import { useState } from 'react';
import type { StaffUser } from '../session';
import { Tabs } from '../ui';
import { EstimatesManager } from './EstimatesManager';
import { RaceSelection } from './RaceSelection';
import './races.css';

type Tab = 'selection' | 'estimates';
const TABS: readonly (readonly [Tab, string])[] = [
  ['selection', 'Yarış Seçimi'],
  ['estimates', 'Tahmin Yönetimi'],
];

/** Race management (spec 002 §2), for admins and authors: build estimates, then manage them. */
export function RacesScreen({ user }: { user: StaffUser }) {
  const [tab, setTab] = useState<Tab>('selection');
  const [reloadKey, setReloadKey] = useState(0);
  return (
    <div className="a-page r-page">
      <div className="a-page-head">
        <div>
          <h1 className="a-h1">Yarış Yönetimi</h1>
          <p className="a-sub">{user.role === 'admin' ? 'Programdan at seçip tahmin makalelerine ekleyin; tüm tahminleri yönetin.' : 'Programdan at seçip kendi tahmin makalelerinize ekleyin.'}</p>
        </div>
      </div>
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Yarış yönetimi" />
      {/* Both stay mounted so switching tabs keeps the horses picked so far. */}
      <div hidden={tab !== 'selection'}>
        <RaceSelection user={user} onAdded={() => setReloadKey((k) => k + 1)} />
      </div>
      <div hidden={tab !== 'estimates'}>
        <EstimatesManager reloadKey={reloadKey} />
      </div>
    </div>
  );
}
