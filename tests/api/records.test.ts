import { describe } from 'vitest';
import { RECORDS_CASES, recordsCases } from './records.cases.js';

describe(RECORDS_CASES, () => recordsCases());
