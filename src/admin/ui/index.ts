/** The staff panel's shared pieces: one place each for tables, paging, dialogs, filters and list state. */
import './ui.css';

export { type Column, DataTable, RowActions } from './DataTable';
export { Dialog, DialogActions, useDialogFocus } from './Dialog';
export { CheckGroup, choices, Detail, Field, FilterBar, LoadError, SearchFilter, SelectFilter, StatCards, Tabs, type StatItem } from './controls';
export { fmtDate, fmtDateTime, idTail, numberFormat, rangeText } from './format';
export { refreshBadges, useDebounced, useListQuery, useRowAction, type ListQuery } from './hooks';
export { IntentKey, postIntent, randomKey, useIntentKey } from './intent-key';
export { FilePicker } from './FilePicker';
export { Pager } from './Pager';
