/**
 * The response contract between server and browser, checked by `npm run typecheck` (this file is
 * not run by vitest). Two links are pinned:
 * 1. route → view: what a route sends (Hono's own type of its JSON, dates as strings) is the
 *    envelope of the view the domain declares;
 * 2. view → browser: the type a screen reads is `Wire<View>` of that same view, not a copy.
 * A view that changes shape then fails here or at the browser code that reads the old shape.
 */
import type { ExtractSchema } from 'hono/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApiRoutes } from '../../functions/src/api/routes';
import type { ArticleDetail, ArticleCard, ReaderArticleView } from '../../functions/src/domain/articles/public-view';
import type { ArticleEstimateView } from '../../functions/src/domain/estimates/race-estimates';
import type { StaffArticle as StaffArticleView } from '../../functions/src/domain/articles/write-access';
import type { CommentView } from '../../functions/src/domain/comments/comments';
import type { EstimateArticleOption, StaffEstimateRow } from '../../functions/src/domain/estimates/estimate-queries';
import type { EstimateView } from '../../functions/src/domain/estimates/manage-estimates';
import type { FollowListView } from '../../functions/src/domain/follows/follow';
import type { AccountView, ProfileView, SignedInView, StaffUserView } from '../../functions/src/domain/identity/account-view';
import type { VipStatusAnswer, VipStatusView } from '../../functions/src/domain/membership/vip-status';
import type { UnsubscribeView } from '../../functions/src/domain/notifications/preferences';
import type { HorseDetail } from '../../functions/src/domain/races/horse-queries';
import type { Programme as ProgrammeView, VenueView } from '../../functions/src/domain/races/race-queries';
import type { ReadyUpload, UploadGrant } from '../../functions/src/domain/uploads/upload';
import type { SuccessEnvelope, Wire } from '../../functions/src/platform/wire';
import type { StaffArticle } from '../../src/admin/articles/types';
import type { PickerArticle, StaffEstimate, Venue } from '../../src/admin/races/model';
import type { StaffUser } from '../../src/admin/session';
import type { CommentData, RaceEstimate } from '../../src/islands/article/types';
import type { FollowList } from '../../src/islands/races/follows';
import type { HorseDetailView, Programme, VenueOption } from '../../src/islands/races/types';
import type { CardData } from '../../src/lib/format';
import type { AuthAnswer, SessionUser, VipStatus } from '../../src/lib/session';

/** The JSON a route answers, as Hono types it (what `c.json` makes of the envelope). */
type Sent<Routes, Path extends keyof ExtractSchema<Routes>, Method extends keyof ExtractSchema<Routes>[Path]> = ExtractSchema<Routes>[Path][Method] extends {
  output: infer Out;
}
  ? Out
  : never;

describe('Wire<T>', () => {
  it('turns dates into strings at any depth and leaves the rest alone', () => {
    expectTypeOf<Wire<{ at: Date; list: { on: Date | null }[]; n: number }>>().toEqualTypeOf<{ at: string; list: { on: string | null }[]; n: number }>();
  });
});

describe('routes send their declared views', () => {
  it('auth', () => {
    expectTypeOf<Sent<ApiRoutes, '/auth/profile', '$get'>>().toEqualTypeOf<Wire<SuccessEnvelope<ProfileView>>>();
    expectTypeOf<Sent<ApiRoutes, '/auth/login', '$post'>>().toEqualTypeOf<Wire<SuccessEnvelope<SignedInView<AccountView>>>>();
    expectTypeOf<Sent<ApiRoutes, '/auth/admin/login', '$post'>>().toEqualTypeOf<Wire<SuccessEnvelope<SignedInView<StaffUserView>>>>();
  });
  it('articles and notifications', () => {
    expectTypeOf<Sent<ApiRoutes, '/articles/:id', '$get'>>().toEqualTypeOf<Wire<SuccessEnvelope<ReaderArticleView>>>();
    expectTypeOf<Sent<ApiRoutes, '/notifications/unsubscribe', '$post'>>().toEqualTypeOf<Wire<SuccessEnvelope<UnsubscribeView>>>();
  });
  it('VIP status, follows and uploads', () => {
    expectTypeOf<Sent<ApiRoutes, '/users/vip-status', '$get'>>().toEqualTypeOf<Wire<SuccessEnvelope<VipStatusAnswer>>>();
    expectTypeOf<Sent<ApiRoutes, '/users/followed-horses', '$get'>>().toEqualTypeOf<Wire<SuccessEnvelope<FollowListView>>>();
    expectTypeOf<Sent<ApiRoutes, '/uploads', '$post'>>().toEqualTypeOf<Wire<SuccessEnvelope<UploadGrant>>>();
    expectTypeOf<Sent<ApiRoutes, '/uploads/:id/finalize', '$post'>>().toEqualTypeOf<Wire<SuccessEnvelope<ReadyUpload>>>();
  });
});

describe('the browser reads the server views, not copies', () => {
  it('member session', () => {
    expectTypeOf<VipStatus>().toEqualTypeOf<Wire<VipStatusView>>();
    expectTypeOf<AuthAnswer>().toEqualTypeOf<Wire<SignedInView<AccountView>>>();
    // The stored user may come from an older release (fields added since are optional), but the
    // login answer always fits it.
    expectTypeOf<Wire<AccountView>>().toExtend<SessionUser>();
    expectTypeOf<Wire<StaffUserView>>().toExtend<StaffUser>();
  });
  it('article pages and lists', () => {
    expectTypeOf<Wire<ArticleCard>>().toExtend<CardData>();
    expectTypeOf<RaceEstimate>().toEqualTypeOf<Wire<ArticleEstimateView>>();
    expectTypeOf<CommentData>().toEqualTypeOf<Wire<CommentView>>();
    expectTypeOf<Wire<ArticleDetail>['media']>().toExtend<NonNullable<import('../../src/islands/article/types').ArticleBodyData['media']>>();
  });
  it('races and horses', () => {
    expectTypeOf<Programme>().toEqualTypeOf<Wire<ProgrammeView>>();
    expectTypeOf<HorseDetailView>().toEqualTypeOf<Wire<HorseDetail>>();
    expectTypeOf<VenueOption>().toEqualTypeOf<Wire<VenueView>>();
    expectTypeOf<FollowList>().toEqualTypeOf<Wire<FollowListView>>();
  });
  it('staff panel', () => {
    expectTypeOf<StaffArticle>().toEqualTypeOf<Wire<StaffArticleView>>();
    expectTypeOf<Wire<StaffEstimateRow>>().toExtend<StaffEstimate>();
    expectTypeOf<Wire<EstimateView>>().toExtend<StaffEstimate>();
    expectTypeOf<PickerArticle>().toEqualTypeOf<Wire<EstimateArticleOption>>();
    expectTypeOf<Venue>().toEqualTypeOf<Wire<VenueView>>();
  });
});
