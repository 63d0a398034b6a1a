import { useCallback, useEffect, useState } from 'react';
import { api } from '../session';
import { useListQuery } from '../ui';
import { istanbulDate } from '@shared/text/dates';
import type { Venue } from './model';

const LOAD_FAILED = 'Yarış verileri yüklenemedi';

/** Spec 002 §9: the default track is İstanbul. */
function defaultVenue(venues: Venue[]): string {
  return venues.find((v) => v.name.toLocaleLowerCase('tr-TR').includes('istanbul') || v.name.includes('İstanbul'))?.id || venues[0]?.id || '';
}

/**
 * The venues and one day's cards at one venue (İstanbul and today at first). `loading` holds
 * while the shown cards are not yet those of the chosen venue and day.
 */
export function useProgramme() {
  const [venues, setVenues] = useState<Venue[] | null>(null);
  const [venuesError, setVenuesError] = useState<string | null>(null);
  const loadVenues = useCallback(async () => {
    try {
      const answer = await api.call((r) => r.races.locations.$get());
      setVenuesError(null);
      setVenues(answer.data);
      return answer.data;
    } catch (e) {
      setVenuesError((e as Error).message || LOAD_FAILED);
      return null;
    }
  }, []);
  const query = useListQuery(
    async (_page, { venueId, date }: { venueId: string; date: string }) => {
      const key = `${venueId}|${date}`;
      if (!venueId) return { key, cards: null };
      const answer = await api.call((r) => r.races.date[':date'].$get({ param: { date } }), { query: { location: venueId } });
      return { key, cards: answer.data.cards };
    },
    { filters: { venueId: '', date: istanbulDate() }, errorText: (e) => e.message || LOAD_FAILED },
  );
  const { setFilter } = query;
  useEffect(() => {
    void loadVenues().then((list) => list && setFilter('venueId', defaultVenue(list)));
  }, [loadVenues, setFilter]);

  const { venueId, date } = query.filters;
  const shownKey = query.data?.key;
  return {
    venues,
    venueId,
    date,
    setVenue: (id: string) => setFilter('venueId', id),
    setDate: (day: string) => setFilter('date', day),
    cards: query.data?.cards ?? null,
    loading: !venuesError && !query.error && (venueId ? shownKey !== `${venueId}|${date}` : !venues),
    error: venuesError ?? query.error,
    retry: () => (venues ? void query.reload() : void loadVenues().then((list) => list && setFilter('venueId', defaultVenue(list)))),
  };
}
