import { describe } from 'vitest';
import { VIP_ADMIN_CASES, vipAdminCases } from './vip-admin.cases.js';

describe(VIP_ADMIN_CASES, () => vipAdminCases());
