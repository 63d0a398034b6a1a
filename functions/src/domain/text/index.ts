/** The text area's public surface: what other areas, the API and the jobs use (CONTEXT.md). */
export { maxLengthText, requiredText } from './fields.js';
export { escapeHtml } from './html.js';
export { formatTurkishDate } from './long-date.js';
export { formatAmountTL, formatTL } from './money.js';
export { formatTurkishPhone } from './phone.js';
export { withSuffix } from './suffix.js';
export { foldTurkish, searchTokens, slugify, sortTurkish, turkishCollator } from './turkish.js';
export { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isHttpUrl, isSitePath, parseHttpUrl } from './url.js';
