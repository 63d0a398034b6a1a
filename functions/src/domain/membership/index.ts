/** The membership area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { bankAccountInputSchema } from './bank-account.js';
export { receiptLink, verifyReceiptLink } from './bank-transfer/receipt-link.js';
export { attachVipReceipt, cancelOwnVipRequest, readVipReceipt, REMINDER_AFTER_MS, REQUEST_EXPIRY_MS } from './bank-transfer/request-lifecycle.js';
export { approveMatchedLines, getStatement, matchStatement, STATEMENT_BODY_LIMIT, statementUploadSchema } from './bank-transfer/statement-match.js';
export { companyIdentity, companyIdentityInputSchema, saveCompanyIdentity } from './company-identity.js';
export { generalSettingInputSchema, parseGeneralSetting, VIP_PROOF_SETTING } from './general-setting.js';
export { createBankAccount, createSetting, createVipPackage, deleteBankAccount, deleteSetting, deleteVipPackage, settingUpdateSchema, updateBankAccount, updateSetting, updateVipPackage, vipPackageUpdateSchema } from './manage-settings.js';
export { approveVipRequest, cancelVip, grantVip, rejectVipRequest } from './manage-vip.js';
export { PAYMENT_INSTRUCTION, paymentInstructionFor } from './payment-instruction.js';
export { findGeneralSetting, getSetting, listSettings, listVipPackages, paymentBankAccount } from './public-settings.js';
export { requestVip } from './request-vip.js';
export { siteSettings } from './site-settings.js';
export { countVipRequests, listVipRequests, listVipSubscriptions, vipStats } from './vip-admin-queries.js';
export { sendVipMail, type VipMail } from './vip-mail.js';
export { vipPackageInputSchema } from './vip-package.js';
export { memberVipRequests, memberVipSubscriptions, requestView, subscriptionView, vipStatusIfChanged } from './vip-status.js';
export { approveVipRequestSchema, cancelVipSchema, DAY_MS, grantVipSchema, parseVipRequest, parseVipSubscription, rejectVipRequestSchema, remainingDays, requestVipSchema, VIP_MESSAGES, VIP_REQUEST_STATUSES, VIP_SUBSCRIPTION_STATUSES, type VipRequest } from './vip.js';
