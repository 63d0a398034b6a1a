/**
 * What the article islands read from /api/articles/... answers: the server's views as they arrive
 * over JSON (`Wire<>`: dates are ISO strings). Declared once, on the server.
 */
import type { ArticleDetail } from '../../../functions/src/domain/articles/public-view';
import type { ArticleEstimateView } from '../../../functions/src/domain/estimates/race-estimates';
import type { CommentView } from '../../../functions/src/domain/comments/comments';
import type { Wire } from '@shared/wire';

export type { Visibility } from '@shared/articles/article';

type Media = Wire<ArticleDetail>['media'];
export type MediaAudio = Media['audio'][number];
export type MediaVideo = Media['videos'][number];

/** `GET /articles/{id}` as the body island reads it. */
export type ArticleBodyData = Pick<Wire<ArticleDetail>, 'id' | 'content' | 'media' | 'hasRaceEstimate'>;

export type RaceEstimate = Wire<ArticleEstimateView>;
export type EstimateRace = RaceEstimate['races'][number];
export type EstimateSettlement = NonNullable<RaceEstimate['settlement']>;

export type CommentData = Wire<CommentView>;
