/** The articles area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { assertCanRead, canReadBody, type Reader } from './access.js';
export type { AttachedEstimateChecks } from './attached-estimates.js';
export { AUDIENCES, CATEGORIES, parseArticle, RACE_RESULTS, STATUSES, type ArticleRecord } from './article.js';
export { countAuthorArticles, dueScheduledArticleIds, getArticleIn, getArticlesById, latestPublishedEstimations, listAuthorArticles, pagePublishedEstimationArticles, storedLikesOf, updateArticleIn } from './articles-repo.js';
export { ARTICLE_NOT_FOUND, hasLikedArticle, recordArticleView, toggleArticleLike, viewerKey, type LikeView } from './engagement.js';
export { articleDetailFor, getPublishedArticle, listCategories, listPublishedArticleRecords, listPublishedArticles, type ArticleCard, type ListOptions, type ReaderArticleView } from './public-view.js';
export { foldArticleViews } from './view-shards.js';
export { assertMayChange, loadArticle, toStaffArticle } from './write-access.js';
export { createArticle, deleteArticle, permanentlyDeleteArticle, publishScheduledArticle, restoreArticle, setRaceResult, togglePublish, updateArticle } from './write-article.js';
export { articleStats, listDeletedArticles, listStaffArticles } from './write-listing.js';
export { attachAudio, attachFeaturedImage, attachYoutube, removeMedia } from './write-media.js';
export { ARTICLE_WRITE_MESSAGES, articleCreateSchema, articleUpdateSchema, audioAttachSchema, imageAttachSchema, RACE_RESULT_LABELS, raceResultSchema, youtubeAttachSchema, youtubeId } from './write-schema.js';
export { applyArticleImageCopies } from './image-copies.js';
