import { describe } from 'vitest';
import { SETTLEMENT_CASES, settlementCases } from './settlement.cases.js';

describe(SETTLEMENT_CASES, () => settlementCases());
