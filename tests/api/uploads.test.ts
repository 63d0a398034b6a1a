import { describe } from 'vitest';
import { UPLOADS_CASES, uploadsCases } from './uploads.cases.js';

describe(UPLOADS_CASES, () => uploadsCases());
