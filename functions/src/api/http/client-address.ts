import type { Context } from 'hono';
import { isIP } from 'node:net';
import { proxyHops } from '../../platform/config.js';
import type { ApiEnv } from './env.js';

/**
 * What the server in front of the app tells it about the connection, passed as the fetch's
 * second argument: @hono/node-server hands over the Node request (`incoming`), and the Cloud
 * Function wrapper (functions/src/index.ts) says how many proxies it sits behind.
 */
export interface ConnectionBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  /** Proxies in front of the app that each append the address they saw to X-Forwarded-For. */
  proxyHops?: number;
}

/** The peer of the TCP connection, when the server knows it. */
export function socketAddress(c: Context): string | null {
  const env = c.env as ConnectionBindings | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopback(address: string | null): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/**
 * The caller's address, for every per-address limit (login, register, reset, contact, uploads,
 * view counts). X-Forwarded-For is only believed as far as proxies we trust wrote it: each proxy
 * appends the address it saw, so the entry `hops` from the right is the last one a trusted proxy
 * wrote, and anything further left is whatever the client sent. With no trusted proxy (the local
 * server) the socket's peer is the caller and the header is ignored.
 */
export function clientAddress(c: Context<ApiEnv>): string {
  const env = c.env as ConnectionBindings | undefined;
  const hops = env?.proxyHops ?? c.get('deps').config.proxyHops;
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    const entry = entries[Math.max(0, entries.length - hops)];
    if (entry) return entry.slice(0, 64);
  }
  return socketAddress(c) ?? 'unknown';
}

/**
 * The proxies in front of the `api` Cloud Function: Firebase Hosting's CDN appends the visitor's
 * address, then Google's front end appends the CDN's. So 2, unless GANYAN_PROXY_HOPS says
 * otherwise (1 for a function called directly, without Hosting).
 */
export function cloudFunctionBindings(env: NodeJS.ProcessEnv): ConnectionBindings {
  return { proxyHops: proxyHops(env.GANYAN_PROXY_HOPS, 2) };
}
