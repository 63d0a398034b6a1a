/** The staff panel's shared pieces: one place each for tables, paging, dialogs, filters and list state. */
import './ui.css';

export { actionsColumn, type Column, DataTable, RowActions, RowButton } from './DataTable';
export { Dialog, DialogActions, useDialogFocus } from './Dialog';
export { FormDialog, SchemaForm, type FormDialogContext, type FormDialogProps, type SchemaFormProps } from './FormDialog';
export { TabbedScreen, type ScreenTab } from './TabbedScreen';
export { CheckField, CheckGroup, Detail, Field, FilterBar, LoadError, SearchFilter, SelectField, SelectFilter, StatCards, Tabs, TextField, type StatItem } from './controls';
export { choices } from '../../lib/options';
export { fmtDate, fmtDateTime, idTail, numberFormat, rangeText } from './format';
export { BADGE_POLL_MS, BADGES_EVENT, badgeText, NO_BADGES, refreshBadges, type BadgeKey, type Badges } from './badges';
export { useDebounced, useDialogFor, useListQuery, useRowAction, type ListQuery } from './hooks';
export { IntentKey, postIntent, randomKey, useIntentKey } from './intent-key';
export { FilePicker } from './FilePicker';
export { Pager } from './Pager';
