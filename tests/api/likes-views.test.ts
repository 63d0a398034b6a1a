import { describe } from 'vitest';
import { LIKES_VIEWS_CASES, likesViewsCases } from './likes-views.cases.js';

describe(LIKES_VIEWS_CASES, () => likesViewsCases());
