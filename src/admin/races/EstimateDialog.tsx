import { useState } from 'react';
import { Dialog, Tabs } from '../ui';
import { EstimateDetails } from './EstimateDetails';
import { EstimateHorses } from './EstimateHorses';
import { EstimateMedia } from './EstimateMedia';
import type { StaffEstimate } from './model';

type Tab = 'details' | 'horses' | 'media';
const TABS: readonly (readonly [Tab, string])[] = [
  ['details', 'Detaylar'],
  ['horses', 'At Yönetimi'],
  ['media', 'Medya'],
];
const PANELS = { details: EstimateDetails, horses: EstimateHorses, media: EstimateMedia } as const;

/** 'Tahmini Düzenle': details, horses (until the first race starts) and media of one estimate. */
export function EstimateDialog({ estimate, onClose, onChanged }: { estimate: StaffEstimate; onClose: () => void; onChanged: (e: StaffEstimate) => void }) {
  const [tab, setTab] = useState<Tab>('details');
  const Panel = PANELS[tab];
  return (
    <Dialog label="Tahmini Düzenle" wide onClose={onClose}>
      <p className="a-muted r-dialog-sub">
        {estimate.title} · {estimate.article?.title ?? ''}
      </p>
      <Tabs tabs={TABS} value={tab} onChange={setTab} />
      <Panel estimate={estimate} param={{ articleId: estimate.articleId, estimateId: estimate.id }} onChanged={onChanged} />
    </Dialog>
  );
}
