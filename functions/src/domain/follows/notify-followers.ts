import type { AppDeps } from '../../platform/deps.js';
import { getUser } from '../identity/index.js';
import { istanbulDate } from '../../platform/time.js';
import { getRacesById, getResultsById, type Race } from '../races/index.js';
import { noticeId, parseHorseFollow, parseHorseFollowNotice, type HorseFollow, type NoticeKind } from './follow.js';
import { smsRecipient, loadPreferences } from '../notifications/index.js';
import { addressSms, horseDeclaredNotice, horseResultNotice, type Notice, type NoticeMember } from './follow-notices.js';

type Deps = Pick<AppDeps, 'store' | 'now' | 'mailer' | 'sms' | 'config' | 'log'>;

/** Who gets a member's notices, and on which channels (notification preferences, topic 'horses'). */
interface Recipient {
  member: NoticeMember;
  email: boolean;
  /** E.164 number when the member chose SMS, is an active VIP and verified the number; mail keeps its own rule (anyone who follows). */
  smsTo: string | null;
}

async function recipient(deps: Deps, userId: string): Promise<Recipient | null> {
  const user = await getUser(deps, userId);
  if (!user || user.status !== 'active' || user.isDeleted) return null;
  const prefs = await loadPreferences(deps, userId);
  const smsTo = prefs.sms.horses ? smsRecipient(user, deps.now()) : null;
  if (!prefs.email.horses && !smsTo) return null;
  return { member: { email: user.email, firstName: user.firstName }, email: prefs.email.horses, smsTo };
}

/** A claim older than this is taken to belong to a run that died before sending, and is taken over. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** Firestore's limit on an 'in' filter. */
const IN_LIMIT = 30;

async function followersOf(deps: Deps, horseIds: string[]): Promise<Map<string, HorseFollow[]>> {
  const byHorse = new Map<string, HorseFollow[]>();
  const unique = [...new Set(horseIds)];
  for (let i = 0; i < unique.length; i += IN_LIMIT) {
    const docs = await deps.store.collection('horseFollows').where('horseId', 'in', unique.slice(i, i + IN_LIMIT)).get();
    for (const follow of docs.map(parseHorseFollow)) {
      if (!byHorse.has(follow.horseId)) byHorse.set(follow.horseId, []);
      byHorse.get(follow.horseId)!.push(follow);
    }
  }
  return byHorse;
}

/**
 * Claims the notice in a transaction: true when this run is to send it. A sent notice is never
 * claimed again; a pending one only after its lease ran out (the run that claimed it died between
 * the claim and the mail), so a crash delays a notice instead of losing it.
 */
async function claim(deps: Deps, id: string, fields: { userId: string; horseId: string; raceId: string; kind: NoticeKind }): Promise<boolean> {
  const now = deps.now();
  return deps.store.runTransaction(async (tx) => {
    const doc = await tx.get('horseFollowNotices', id);
    if (doc) {
      const notice = parseHorseFollowNotice(doc);
      if (notice.status === 'sent' || now.getTime() - notice.claimedAt.getTime() < CLAIM_LEASE_MS) return false;
      tx.update('horseFollowNotices', id, { claimedAt: now });
      return true;
    }
    tx.create('horseFollowNotices', id, { ...fields, status: 'pending', claimedAt: now, sentAt: null });
    return true;
  });
}

interface Job {
  follow: HorseFollow;
  race: Race;
  kind: NoticeKind;
  compose: (member: NoticeMember) => Notice;
}

async function run(deps: Deps, jobs: Job[]): Promise<number> {
  let sent = 0;
  const recipients = new Map<string, Recipient | null>();
  for (const job of jobs) {
    const { follow, race, kind } = job;
    if (!recipients.has(follow.userId)) recipients.set(follow.userId, await recipient(deps, follow.userId));
    // No channel on: nothing is claimed, so a member who turns one on before the race still hears of it.
    const to = recipients.get(follow.userId);
    if (!to) continue;
    const id = noticeId(follow.userId, follow.horseId, race.id, kind);
    if (!(await claim(deps, id, { userId: follow.userId, horseId: follow.horseId, raceId: race.id, kind }))) continue;
    try {
      // The mail, the SMS and the 'sent' mark commit together: a crash leaves all or none.
      const notice = job.compose(to.member);
      const batch = deps.store.batch();
      const channels: string[] = [];
      if (to.email) {
        deps.mailer.queueInBatch(batch, `follow_${id}`, notice.mail);
        channels.push('email');
      }
      if (to.smsTo) {
        deps.sms.queueInBatch(batch, `follow_${id}`, addressSms(to.smsTo, notice.sms));
        channels.push('sms');
      }
      batch.update('horseFollowNotices', id, { status: 'sent', sentAt: deps.now(), channels });
      await batch.commit();
      sent += 1;
    } catch (error) {
      // Left pending: the next import after the lease sends it.
      deps.log.error('horse follow notice failed', { id, error: String(error) });
    }
  }
  return sent;
}

/**
 * Notices for the races of an accepted import: 'declared' for races still to run whose programme
 * names a followed horse, 'result' for races whose result came in. Results of races older than
 * yesterday (a back-fill of old files) and declarations of races already run send nothing.
 * Returns how many notices were queued by this call.
 */
export async function notifyFollowers(deps: Deps, input: { declaredRaceIds: string[]; resultRaceIds: string[] }): Promise<number> {
  const now = deps.now();
  const yesterday = istanbulDate(new Date(now.getTime() - 86_400_000));
  const raceIds = [...new Set([...input.declaredRaceIds, ...input.resultRaceIds])];
  if (raceIds.length === 0) return 0;
  const races = await getRacesById(deps, raceIds);
  const declared = input.declaredRaceIds.map((id) => races.get(id)).filter((r): r is Race => r !== undefined && !r.hasResult && r.startsAt.getTime() > now.getTime());
  const finished = input.resultRaceIds.map((id) => races.get(id)).filter((r): r is Race => r !== undefined && r.date >= yesterday);
  const horseIds = [...declared, ...finished].flatMap((r) => r.entries.map((e) => e.horseId));
  if (horseIds.length === 0) return 0;
  const followers = await followersOf(deps, horseIds);
  if (followers.size === 0) return 0;

  const jobs: Job[] = [];
  for (const race of declared) {
    for (const entry of race.entries) {
      for (const follow of followers.get(entry.horseId) ?? []) {
        jobs.push({ follow, race, kind: 'declared', compose: (m) => horseDeclaredNotice(deps, m, { name: entry.name, number: entry.number, jockey: entry.jockey }, race) });
      }
    }
  }
  if (finished.length > 0) {
    const results = await getResultsById(deps, finished.map((r) => r.id));
    for (const race of finished) {
      for (const finisher of results.get(race.id)?.finishers ?? []) {
        for (const follow of followers.get(finisher.horseId) ?? []) {
          jobs.push({ follow, race, kind: 'result', compose: (m) => horseResultNotice(deps, m, { name: finisher.name, position: finisher.position, time: finisher.time }, race) });
        }
      }
    }
  }
  return run(deps, jobs);
}
