import { randomUUID } from 'node:crypto';
import { hashPassword, type ScryptParams } from '../../functions/src/domain/identity/password.js';
import { NO_VIP, type Role, type UserVip } from '../../functions/src/domain/identity/user.js';
import type { TestServer } from './server.js';

export interface LoggedIn {
  token: string;
  refreshToken: string;
  user: { id: string; email: string; role: string; [key: string]: unknown };
}

async function post(server: TestServer, path: string, email: string, password: string, rememberMe: boolean, ip?: string): Promise<LoggedIn> {
  const res = await server.api('POST', path, {
    body: { email, password, rememberMe },
    headers: ip ? { 'X-Forwarded-For': ip } : {},
  });
  if (res.status !== 200) throw new Error(`${path} for ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data as LoggedIn;
}

/** Signs a member in through the real endpoint (POST /api/auth/login). */
export function loginMember(server: TestServer, email: string, password: string, options: { rememberMe?: boolean; ip?: string } = {}): Promise<LoggedIn> {
  return post(server, '/api/auth/login', email, password, options.rememberMe ?? false, options.ip);
}

/** Signs staff in through the real endpoint (POST /api/auth/admin/login). */
export function loginStaff(server: TestServer, email: string, password: string, options: { rememberMe?: boolean; ip?: string } = {}): Promise<LoggedIn> {
  return post(server, '/api/auth/admin/login', email, password, options.rememberMe ?? false, options.ip);
}

export const DEMO_PASSWORD = 'Ganyan2026!';

/** A user with a real scrypt hash, so the login endpoints can be exercised end to end. */
export async function addUser(
  server: TestServer,
  options: { role?: Role; email?: string; password?: string; params?: ScryptParams; vip?: Partial<UserVip>; firstName?: string } = {},
): Promise<{ id: string; email: string; password: string }> {
  const role = options.role ?? 'user';
  const id = `u-${role}-${randomUUID().slice(0, 8)}`;
  const email = options.email ?? `${id}@example.com`;
  const password = options.password ?? DEMO_PASSWORD;
  const now = server.deps.now();
  await server.deps.store.set('users', id, {
    email,
    username: id,
    usernameLower: id,
    firstName: options.firstName ?? 'Deniz',
    lastName: 'Yılmaz',
    displayName: null,
    phone: '05321234567',
    birthDate: new Date('1990-05-01T00:00:00Z'),
    role,
    status: 'active',
    isDeleted: false,
    passwordHash: await hashPassword(password, options.params ?? server.deps.config.passwordCost),
    vip: { ...NO_VIP, ...options.vip },
    createdAt: now,
    updatedAt: now,
  });
  return { id, email, password };
}
