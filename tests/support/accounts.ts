import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { signAccessToken, type Audience } from '../../functions/src/domain/identity/access-token.js';
import { NO_VIP, type Role, type UserVip } from '../../functions/src/domain/identity/user.js';
import type { TestServer } from './server.js';

export interface TestAccount {
  id: string;
  email: string;
  token: string;
}

let counter = 0;

/**
 * Puts a user straight into the store and signs an access token for it, so tests of other areas
 * need not go through registration. Identity's own tests use the real login flow instead.
 */
/** A `users` document that passes parseUser (no usable password: tests sign tokens instead). */
export function testUserDoc(id: string, role: Role, now: Date, options: { vip?: Partial<UserVip>; fields?: Record<string, unknown> } = {}): Record<string, unknown> {
  return {
    email: `${id}@example.com`,
    username: id,
    usernameLower: id,
    firstName: 'Test',
    lastName: role === 'user' ? 'Üye' : role === 'author' ? 'Yazar' : 'Yönetici',
    displayName: null,
    phone: '05551234567',
    // Proved by an SMS code (phone-verification.ts); a test that changes `phone` gets an unverified number.
    phoneVerification: { number: '+905551234567', verifiedAt: now },
    birthDate: new Date('1990-01-01T00:00:00Z'),
    role,
    status: 'active',
    isDeleted: false,
    passwordHash: 'not-a-valid-hash',
    vip: { ...NO_VIP, ...options.vip },
    createdAt: now,
    updatedAt: now,
    ...options.fields,
  };
}

export async function createAccount(
  server: TestServer,
  options: { role?: Role; vip?: Partial<UserVip>; fields?: Record<string, unknown> } = {},
): Promise<TestAccount> {
  counter += 1;
  const role = options.role ?? 'user';
  const id = `test-${role}-${counter}-${randomUUID().slice(0, 8)}`;
  const email = `${id}@example.com`;
  const now = server.deps.now();
  await server.deps.store.set('users', id, testUserDoc(id, role, now, options));
  const audience: Audience = role === 'user' ? 'member' : 'staff';
  const token = await signAccessToken(server.deps.config.jwtSecret, { userId: id, audience, sessionId: randomUUID() }, now);
  return { id, email, token };
}

/** An active VIP member whose membership ends `days` days from the server's now. */
export function createVipMember(server: TestServer, days = 30): Promise<TestAccount> {
  const now = server.deps.now();
  return createAccount(server, {
    vip: {
      status: 'active',
      subscriptionId: null,
      startDate: now,
      endDate: new Date(now.getTime() + days * 86_400_000),
      durationDays: days,
    },
  });
}

/**
 * Accounts of the given roles, created in a beforeAll after the server's (call it after
 * useTestServer). Each stands for its account once created: `const { admin, member } =
 * useAccounts(server, { admin: 'admin', member: 'user' })`, then `admin.token` inside tests.
 */
export function useAccounts<K extends string>(server: TestServer, roles: Record<K, Role>): Record<K, TestAccount> {
  const made = new Map<K, TestAccount>();
  const names = Object.keys(roles) as K[];
  beforeAll(async () => {
    for (const name of names) made.set(name, await createAccount(server, { role: roles[name] }));
  });
  const account = (name: K): TestAccount => {
    const found = made.get(name);
    if (!found) throw new Error(`The account "${name}" is created in beforeAll: use it inside a test or a hook`);
    return found;
  };
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        get id() {
          return account(name).id;
        },
        get email() {
          return account(name).email;
        },
        get token() {
          return account(name).token;
        },
      },
    ]),
  ) as Record<K, TestAccount>;
}
