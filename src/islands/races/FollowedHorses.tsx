import { useCallback, useEffect, useState } from 'react';
import { useMemberScreen } from '../member/useSession';
import FollowButton from './FollowButton';
import { fetchFollowList, type FollowList } from './follows';
import { shortDate } from './types';
import '../member/member.css';

const LOAD_FAILED = 'Takip ettiğiniz atlar yüklenirken hata oluştu';

const placeText = (pos: number | null) => (pos === null ? 'Derece yok' : `${pos}. oldu`);

/** /takip-ettigim-atlar: the member's followed horses with their next declared race and last result. */
export default function FollowedHorses() {
  const { allowed } = useMemberScreen();
  const [list, setList] = useState<FollowList | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    fetchFollowList().then(setList, (e: unknown) => setError(e instanceof Error ? e.message : LOAD_FAILED));
  }, []);

  useEffect(() => {
    if (allowed) load();
  }, [allowed, load]);

  if (!allowed || (!list && !error)) {
    return (
      <div className="m-wrap m-wrap-wide" aria-busy="true">
        <h1 className="m-title">Takip Ettiğim Atlar</h1>
        <div className="skeleton m-skeleton-block" aria-hidden="true" />
      </div>
    );
  }

  return (
    <div className="m-wrap m-wrap-wide followed">
      <h1 className="m-title">Takip Ettiğim Atlar</h1>
      <p className="m-sub">
        Takip ettiğiniz at bir programa yazıldığında ve koşusunun sonucu geldiğinde size e-posta gönderilir.
        {list && ` ${list.horses.length} / ${list.limit} at takip ediyorsunuz.`}
      </p>
      {error && (
        <div className="m-banner m-banner-error" role="alert">
          {error} <button type="button" className="btn btn-outline" onClick={load}>Tekrar Dene</button>
        </div>
      )}
      {list && list.horses.length === 0 && (
        <div className="m-card empty-state">
          <p>Henüz takip ettiğiniz at yok. Yarış programında veya at sayfasında 'Takip Et' düğmesiyle at ekleyebilirsiniz.</p>
          <a className="btn" href="/yaris-programi">
            Yarış Programı
          </a>
        </div>
      )}
      {list && list.horses.length > 0 && (
        <ul className="followed__list">
          {list.horses.map((h) => (
            <li key={h.horseId} className="m-card followed__item">
              <div className="followed__head">
                <a className="race-table__horse" href={`/at-detay/${encodeURIComponent(h.horseId)}?name=${encodeURIComponent(h.name)}`}>
                  {h.name}
                </a>
                <FollowButton horseId={h.horseId} name={h.name} compact />
              </div>
              <dl className="followed__facts">
                <div>
                  <dt>Sıradaki koşu</dt>
                  <dd>
                    {h.nextRace ? (
                      <a href={`/yaris-programi?tarih=${h.nextRace.date}`}>
                        {shortDate(h.nextRace.date)} {h.nextRace.time} · {h.nextRace.hippodrome} {h.nextRace.number}. koşu · {h.nextRace.distance.toLocaleString('tr-TR')} m {h.nextRace.surface}
                      </a>
                    ) : (
                      'Programda koşusu yok'
                    )}
                  </dd>
                </div>
                <div>
                  <dt>Son sonuç</dt>
                  <dd>
                    {h.lastResult ? (
                      <a href={`/yaris-programi?tarih=${h.lastResult.date}`}>
                        {shortDate(h.lastResult.date)} · {h.lastResult.racecourse} {h.lastResult.raceNumber}. koşu · {placeText(h.lastResult.finishPos)}
                      </a>
                    ) : (
                      'Henüz sonucu yok'
                    )}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
