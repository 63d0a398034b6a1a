import type { JockeyView } from '../../../functions/src/domain/jockeys/jockey-queries';
import type { Wire } from '@shared/wire';
import { TodayRides } from './Today';
import { PersonPage } from './PersonDetail';
import type { RecordIslandProps } from '../../lib/record-version';

/** Jockey page (issue 20): today's rides, statistics from results, the rides page by page, the best partnerships. */
export default function JockeyDetail(props: RecordIslandProps<Wire<JockeyView>>) {
  return <PersonPage kind="jockey" {...props} today={(jockey) => <TodayRides rides={jockey.todayRides} />} note="Oranlar içe aktarılan yarış sonuçlarından hesaplanır; her oranın yanında kaç koşudan hesaplandığı yazar." />;
}
