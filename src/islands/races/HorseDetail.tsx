import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import PersonLink from './PersonLink';
import FollowButton from './FollowButton';
import { NextRace } from './Today';
import { formatOdds } from './race-format';
import { BackButton, Facts, recordMark, RecordPending, RecordTable, usePublicRecord } from './record-page';
import type { RecordIslandProps } from '../../lib/record-version';
import { number, placeClass, readPublic, shortDate, type HorseDetailView, type HorseSummary } from './types';
import { formatTL } from '@shared/text/money';

interface Hints {
  name?: string | null;
  age?: string | null;
  father?: string | null;
  mother?: string | null;
  mothersFather?: string | null;
  jockey?: string | null;
  owner?: string | null;
  trainer?: string | null;
}


const TABS = [
  ['info', 'At Bilgileri'],
  ['stats', 'İstatistikler'],
  ['history', 'Koşu Geçmişi'],
  ['pedigree', 'Soy Ağacı'],
] as const;
type Tab = (typeof TABS)[number][0];

const readHorse = (id: string) => readPublic((r) => r.horses[':id'].$get({ param: { id: encodeURIComponent(id) } }));

/** Horse detail (spec 000 §2.15): four tabs over the horse's own data, never sample data. */
export default function HorseDetail({ recordId, initial, version }: RecordIslandProps<HorseDetailView>) {
  const { record: horse, state, error, load } = usePublicRecord(readHorse, recordId, initial);
  const [tab, setTab] = useState<Tab>('info');
  // Query hints (name, age, ...) from the programme link; only shown while loading or when not found.
  const [hints] = useState<Hints>(() =>
    typeof window === 'undefined'
      ? {}
      : Object.fromEntries(['name', 'age', 'father', 'mother', 'mothersFather', 'jockey', 'owner', 'trainer'].map((k) => [k, new URLSearchParams(window.location.search).get(k)])),
  );

  if (state === 'missing' || !horse) {
    return (
      <RecordPending
        state={state}
        error={error}
        onRetry={() => void load()}
        missingTitle="At bulunamadı"
        missingText={hints.name ? `${hints.name} için kayıt bulunamadı.` : 'Aradığınız at kayıtlarımızda yok.'}
        loadingText={hints.name ? `${hints.name} yükleniyor…` : 'At bilgileri yükleniyor…'}
      />
    );
  }

  return (
    <section className="horse" {...recordMark('horses', horse.id, version)}>
      <BackButton />
      <header className="horse__head">
        <div className="horse__title">
          <h1>{horse.name}</h1>
          <FollowButton horseId={horse.id} name={horse.name} />
        </div>
        <p className="horse__lineage">
          {[horse.father, horse.mother].filter(Boolean).join(' – ')}
          {horse.mothersFather ? ` (${horse.mothersFather})` : ''}
        </p>
        <NextRace race={horse.nextRace} />
      </header>
      <div className="horse-tabs" role="tablist" aria-label="At bilgileri">
        {TABS.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className="horse-tab" onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="horse__panel">
        {tab === 'info' && <InfoTab horse={horse} />}
        {tab === 'stats' && <StatsTab horse={horse} />}
        {tab === 'history' && <HistoryTable horse={horse} rows={horse.raceHistory.length} empty="Koşu geçmişi verisi bulunmamaktadır." />}
        {tab === 'pedigree' && <PedigreeTab horse={horse} onRetry={load} />}
      </div>
    </section>
  );
}

const SEX = { m: 'Erkek', f: 'Dişi' } as const;

function InfoTab({ horse }: { horse: HorseDetailView }) {
  const facts: [string, ReactNode][] = [
    ['Yaş', horse.age || 4],
    ['Cinsiyet', horse.sex ? SEX[horse.sex] : null],
    ['Doğum yılı', horse.birthYear],
    ['Baba', horse.father],
    ['Anne', horse.mother],
    ['Anne babası', horse.mothersFather],
    ['Jokey', horse.jockey ? <PersonLink kind="jockey" name={horse.jockey} /> : null],
    ['Antrenör', horse.trainer ? <PersonLink kind="trainer" name={horse.trainer} /> : null],
    ['Sahip', horse.owner],
    ['Koşu / Birincilik', `${horse.totals.runs} / ${horse.totals.wins}`],
    ['Toplam ikramiye', formatTL(horse.totals.earnings)],
  ];
  return (
    <>
      <Facts facts={facts} />
      <h2 className="horse__subhead">Son koşular</h2>
      <HistoryTable horse={horse} rows={10} empty="Koşu geçmişi verisi bulunmamaktadır." />
    </>
  );
}

function HistoryTable({ horse, rows, empty }: { horse: HorseDetailView; rows: number; empty: string }) {
  if (horse.raceHistory.length === 0) return <p className="empty">{empty}</p>;
  return (
    <RecordTable className="history-table" head={['Tarih', 'Hipodrom', 'Koşu', 'Mesafe', 'Pist', 'Derece', 'Jokey', 'Kilo', 'Ganyan', 'İkramiye']} rows={horse.raceHistory.slice(0, rows)}>
      {(r) => (
        <tr key={r.raceId}>
          <td>{shortDate(r.date)}</td>
          <td>{r.city}</td>
          <td>{r.raceNumber}</td>
          <td>{number.format(r.distance)} m</td>
          <td>
            {r.surface}
            {r.trackCond ? ` (${r.trackCond})` : ''}
          </td>
          <td>
            <span className={placeClass(r.finishPos)}>{r.finishPos ?? '-'}</span>
            {r.time ? <span className="muted"> {r.time}</span> : null}
          </td>
          <td>
            <PersonLink kind="jockey" name={r.jockey} />
          </td>
          <td>{r.weight?.toLocaleString('tr-TR') ?? '—'}</td>
          <td>{r.odds === null ? '—' : formatOdds(r.odds)}</td>
          <td>{r.earnings ? formatTL(r.earnings) : '—'}</td>
        </tr>
      )}
    </RecordTable>
  );
}

function StatsTab({ horse }: { horse: HorseDetailView }) {
  if (horse.totals.runs === 0) return <p className="empty">İstatistik verisi bulunmamaktadır.</p>;
  const surfaces = [
    ['Çim', horse.surfaceStats.grass],
    ['Kum', horse.surfaceStats.dirt],
    ['Sentetik', horse.surfaceStats.synthetic],
  ] as const;
  const placeCells = (c: { runs: number; wins: number; seconds: number; thirds: number; fourths: number; fifths: number; earnings: number }) => (
    <>
      <td>{c.runs}</td>
      <td>{c.wins}</td>
      <td>{c.seconds}</td>
      <td>{c.thirds}</td>
      <td>{c.fourths}</td>
      <td>{c.fifths}</td>
      <td>{formatTL(c.earnings)}</td>
    </>
  );
  const placeLabels = (first: string) => [first, 'Koşu', '1.', '2.', '3.', '4.', '5.', 'İkramiye'];
  const placeHead = (first: string) => (
    <tr>
      <th scope="col">{first}</th>
      <th scope="col">Koşu</th>
      <th scope="col">1.</th>
      <th scope="col">2.</th>
      <th scope="col">3.</th>
      <th scope="col">4.</th>
      <th scope="col">5.</th>
      <th scope="col">İkramiye</th>
    </tr>
  );
  return (
    <div className="stats">
      <h2 className="horse__subhead">Pist türüne göre</h2>
      <RecordTable head={placeHead('Pist')} labels={placeLabels('Pist')} rows={surfaces}>
        {([label, c]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {placeCells(c)}
          </tr>
        )}
      </RecordTable>
      <h2 className="horse__subhead">Yıllara göre</h2>
      <RecordTable head={placeHead('Yıl')} labels={placeLabels('Yıl')} rows={horse.yearlyStats}>
        {(y) => (
          <tr key={y.year}>
            <th scope="row">{y.year}</th>
            {placeCells(y)}
          </tr>
        )}
      </RecordTable>
      <h2 className="horse__subhead">Mesafeye göre</h2>
      <RecordTable head={['Mesafe', 'Koşu', '1.', 'Kazanma', 'İkramiye']} rows={horse.distanceStats}>
        {(d) => (
          <tr key={d.distance}>
            <th scope="row">{d.distance} m</th>
            <td>{d.runs}</td>
            <td>{d.wins}</td>
            <td>%{d.winRate.toLocaleString('tr-TR')}</td>
            <td>{formatTL(d.earnings)}</td>
          </tr>
        )}
      </RecordTable>
      <h2 className="horse__subhead">Pist durumuna göre</h2>
      <RecordTable head={['Pist durumu', 'Koşu', '1.', 'Kazanma']} rows={horse.conditionStats}>
        {(c) => (
          <tr key={c.condition}>
            <th scope="row">{c.condition}</th>
            <td>{c.runs}</td>
            <td>{c.wins}</td>
            <td>%{c.winRate.toLocaleString('tr-TR')}</td>
          </tr>
        )}
      </RecordTable>
    </div>
  );
}

function Node({ role, name, birthYear, extra }: { role: string; name: string | null; birthYear: number | null; extra?: string }) {
  return (
    <div className={`tree__node${name ? '' : ' tree__node--unknown'}`}>
      <span className="tree__role">{role}</span>
      <span className="tree__name">{name ?? 'Bilinmiyor'}</span>
      {(birthYear || extra) && <span className="tree__year">{[extra, birthYear].filter(Boolean).join(' · ')}</span>}
    </div>
  );
}

type Ancestor = { name: string | null; birthYear: number | null };

/** One parent with its own two parents: a branch of the tree. */
function Branch({ role, parent, sire, dam }: { role: 'Baba' | 'Anne'; parent: Ancestor; sire: Ancestor; dam: Ancestor }) {
  return (
    <li>
      <Node role={role} {...parent} />
      <ul>
        <li>
          <Node role={`${role} babası`} {...sire} />
        </li>
        <li>
          <Node role={`${role} annesi`} {...dam} />
        </li>
      </ul>
    </li>
  );
}

function PedigreeTab({ horse, onRetry }: { horse: HorseDetailView; onRetry: () => Promise<void> }) {
  const p = horse.pedigree;
  const [siblings, setSiblings] = useState<HorseSummary[] | null>(null);
  useEffect(() => {
    readPublic((r) => r.horses[':id'].siblings.$get({ param: { id: encodeURIComponent(horse.id) } })).then(({ data }) => setSiblings(data), () => setSiblings(null));
  }, [horse.id]);
  if (!p.isValid) {
    return (
      <div className="state">
        <p className="empty">Soy ağacı bilgisi bulunamadı.</p>
        <button type="button" className="btn" onClick={() => void onRetry()}>
          Tekrar Dene
        </button>
      </div>
    );
  }
  return (
    <>
      {/* Three generations drawn left to right: the horse, its parents, its grandparents. */}
      <div className="tree" aria-label="Soy ağacı">
        <ul>
          <li>
            <Node role="At" name={p.self.name} birthYear={p.self.birthYear} extra={p.self.gender ? SEX[p.self.gender] : undefined} />
            <ul>
              <Branch role="Baba" parent={p.sire} sire={p.paternalGrandsire} dam={p.paternalGranddam} />
              <Branch role="Anne" parent={p.dam} sire={p.maternalGrandsire} dam={p.maternalGranddam} />
            </ul>
          </li>
        </ul>
      </div>
      <h2 className="horse__subhead">Kardeşleri (aynı anneden)</h2>
      {siblings === null ? null : siblings.length === 0 ? (
        <p className="empty">Kayıtlı kardeşi yok.</p>
      ) : (
        <ul className="siblings">
          {siblings.map((s) => (
            <li key={s.id}>
              <a href={`/at-detay/${s.id}`}>{s.name}</a> <span className="muted">({s.father ?? '—'}, {s.age} yaş, {s.runs} koşu / {s.wins} birincilik)</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
