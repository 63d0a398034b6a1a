import { describe, expect, it } from 'vitest';
import { VIP_MESSAGES } from '../../functions/src/domain/membership/vip-messages';
import { requestVipSchema } from '../../functions/src/domain/membership/vip';
import { otherNameFor, PAYER_NAME_TOO_LONG, PAYER_NAMES_TOO_LONG, vipFormErrors, vipRequestBody, type VipPackage } from '../../src/lib/vip-packages';

const member = { firstName: 'Ayşe', lastName: 'Yıldız' };
const form = (values: Partial<{ packageId: string; payerFirstName: string; payerLastName: string }> = {}) => ({ packageId: 'p1', payerFirstName: '', payerLastName: '', ...values });

describe('the VIP packages form (spec 001 §5)', () => {
  it('names the payer: both names, else the one typed, else the member', () => {
    expect(otherNameFor(' Ali ', ' Veli ', member)).toBe('Ali Veli');
    expect(otherNameFor('', 'Veli', member)).toBe('Veli');
    expect(otherNameFor('  ', '', member)).toBe('Ayşe Yıldız');
    expect(otherNameFor('', '', null)).toBe('');
  });

  it('asks for a package, and at most 60 characters a name', () => {
    expect(vipFormErrors(form({ packageId: '' }))).toEqual(new Map([['packageId', VIP_MESSAGES.packageRequired]]));
    expect(vipFormErrors(form({ payerFirstName: 'a'.repeat(61) }))).toEqual(new Map([['payerFirstName', PAYER_NAME_TOO_LONG]]));
    expect(vipFormErrors(form({ payerFirstName: ` ${'a'.repeat(60)} ` })).size).toBe(0);
  });

  it('refuses two full names whose sum the API would refuse, and sends every body it allows', () => {
    const longest = form({ payerFirstName: 'a'.repeat(60), payerLastName: 'b'.repeat(60) });
    expect(vipFormErrors(longest)).toEqual(new Map([['payerLastName', PAYER_NAMES_TOO_LONG]]));
    const allowed = form({ payerFirstName: 'a'.repeat(60), payerLastName: 'b'.repeat(59) });
    expect(vipFormErrors(allowed).size).toBe(0);
    const packages = [{ id: 'p1', durationDays: 90 }] as VipPackage[];
    const body = vipRequestBody(allowed, packages, member);
    expect(body.requestedDays).toBe(90);
    expect(requestVipSchema.safeParse(body).success).toBe(true);
  });
});
