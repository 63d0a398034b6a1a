import { describe } from 'vitest';
import { COMMENTS_CASES, commentsCases } from './comments.cases.js';

describe(COMMENTS_CASES, () => commentsCases());
