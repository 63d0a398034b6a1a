import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHANNELS, type Channel } from './preferences.js';

/**
 * The signed one-click unsubscribe token of a notice: `<userId>.<channel>.<signature>`. It works
 * without a session (mail clients post it for List-Unsubscribe-Post) and can do one thing only:
 * turn off every topic of that channel for that member. It does not expire: an old notice's link
 * must still work.
 */
function signature(secret: string, userId: string, channel: Channel): string {
  return createHmac('sha256', `${secret}:notifications-unsubscribe`).update(`${userId}.${channel}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(secret: string, userId: string, channel: Channel): string {
  return `${userId}.${channel}.${signature(secret, userId, channel)}`;
}

export function verifyUnsubscribeToken(secret: string, token: string): { userId: string; channel: Channel } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, channel, sig] = parts as [string, string, string];
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(userId) || !(CHANNELS as readonly string[]).includes(channel)) return null;
  const expected = Buffer.from(signature(secret, userId, channel as Channel));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, channel: channel as Channel };
}
