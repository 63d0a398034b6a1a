import { describe } from 'vitest';
import { VIP_BANK_TRANSFER_CASES, vipBankTransferCases } from './vip-bank-transfer.cases.js';

describe(VIP_BANK_TRANSFER_CASES, () => vipBankTransferCases());
