import { Hono } from 'hono';
import { z } from 'zod';
import { attachVipReceipt, cancelOwnVipRequest, readVipReceipt, receiptLink, verifyReceiptLink, approveMatchedLines, getStatement, matchStatement, STATEMENT_BODY_LIMIT, statementUploadSchema, requestView, VIP_MESSAGES } from '../../domain/membership/index.js';
import { requireAdmin, requireMember } from '../http/auth-context.js';
import type { ApiEnv } from '../http/env.js';
import { ok } from '../http/respond.js';
import { parseBody } from '../http/validation.js';

/** Bank-transfer payments of VIP requests (issue 18): cancel, receipt, statement matching. */
const attachReceiptSchema = z.strictObject({
  uploadId: z.string('Dekont dosyası gerekli.').trim().min(1, 'Dekont dosyası gerekli.').max(128),
});


export const vipPaymentRoutes = new Hono<ApiEnv>()
  .post('/request-vip/cancel', async (c) => {
    const viewer = requireMember(c);
    const request = await cancelOwnVipRequest(c.get('deps'), viewer.user);
    return ok(c, requestView(request), { message: VIP_MESSAGES.requestCancelled });
  })
  .put('/vip-requests/:id/receipt', async (c) => {
    const viewer = requireMember(c);
    const input = await parseBody(c, attachReceiptSchema);
    const request = await attachVipReceipt(c.get('deps'), viewer.user, c.req.param('id'), input.uploadId);
    return ok(c, requestView(request), { message: VIP_MESSAGES.receiptAdded });
  })
  .get('/admin/vip-requests/:id/receipt-link', async (c) => {
    requireAdmin(c);
    const deps = c.get('deps');
    const id = c.req.param('id');
    await readVipReceipt(deps, id).then(() => undefined);
    return ok(c, receiptLink(deps.config.jwtSecret, id, deps.now()));
  })
  .get('/admin/vip-requests/:id/receipt', async (c) => {
    const deps = c.get('deps');
    const id = c.req.param('id');
    // A staff bearer token, or the short-lived link the dialog's <img>/<object> uses.
    if (!verifyReceiptLink(deps.config.jwtSecret, id, c.req.query('exp'), c.req.query('sig'), deps.now())) requireAdmin(c);
    const file = await readVipReceipt(deps, id);
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.length),
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      // Chromium's PDF viewer does not render inside a sandboxed document; images keep the sandbox.
      'Content-Security-Policy': file.contentType === 'application/pdf' ? "default-src 'none'; frame-ancestors 'self'" : "default-src 'none'; frame-ancestors 'self'; sandbox",
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
  })
  .post('/admin/vip-statements', async (c) => {
    const viewer = requireAdmin(c);
    const input = await parseBody(c, statementUploadSchema, STATEMENT_BODY_LIMIT);
    const bytes = input.contentBase64 !== undefined ? Buffer.from(input.contentBase64, 'base64') : Buffer.from(input.csv!, 'utf8');
    const statement = await matchStatement(c.get('deps'), viewer, { fileName: input.fileName, bytes });
    return ok(c, statement, { status: 201, message: `Ekstre okundu: ${statement.counts.matched} satır eşleşti.` });
  })
  .get('/admin/vip-statements/:id', async (c) => {
    requireAdmin(c);
    return ok(c, await getStatement(c.get('deps'), c.req.param('id')));
  })
  .post('/admin/vip-statements/:id/approve', async (c) => {
    const viewer = requireAdmin(c);
    const result = await approveMatchedLines(c.get('deps'), viewer, c.req.param('id'));
    return ok(c, result, { message: result.approved > 0 ? `${result.approved} talep onaylandı.` : 'Onaylanacak yeni eşleşme yok.' });
  });
