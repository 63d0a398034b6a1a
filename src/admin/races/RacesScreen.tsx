import { useState } from 'react';
import type { StaffUser } from '../session';
import { EstimatesManager } from './EstimatesManager';
import { RaceSelection } from './RaceSelection';
import './races.css';

type Tab = 'selection' | 'estimates';

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
      <div className="a-tabs" role="tablist" aria-label="Yarış yönetimi">
        <button type="button" role="tab" aria-selected={tab === 'selection'} className={tab === 'selection' ? 'is-active' : ''} onClick={() => setTab('selection')}>
          Yarış Seçimi
        </button>
        <button type="button" role="tab" aria-selected={tab === 'estimates'} className={tab === 'estimates' ? 'is-active' : ''} onClick={() => setTab('estimates')}>
          Tahmin Yönetimi
        </button>
      </div>
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
