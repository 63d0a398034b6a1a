/**
 * Pins the staff screens' row types to the server views (issue 19): a change of a view that a
 * screen does not follow fails `npm run typecheck`. Types only; nothing here runs.
 */
import { expectTypeOf } from 'vitest';
import type { BankAccountView } from '../../functions/src/domain/membership/bank-account';
import type { SettingView } from '../../functions/src/domain/membership/general-setting';
import type { VipStatsView } from '../../functions/src/domain/membership/vip-admin-queries';
import type { PackageView } from '../../functions/src/domain/membership/vip-package';
import type { VipRequestView, VipSubscriptionView } from '../../functions/src/domain/membership/vip-status';
import type { AdminCommentView, CommentPagination } from '../../functions/src/domain/moderation/admin-comments';
import type { AdminUserView } from '../../functions/src/domain/users-admin/manage-users';
import type { Pagination, Wire } from '../../functions/src/platform/wire';
import type { ApiSuccess } from '../../src/admin/session';
import type { PaymentRow } from '../../src/admin/vip/PaymentDetails';
import type { PickUser } from '../../src/admin/vip/UserPicker';
import type { VipRequestRow, VipSubscriptionRow } from '../../src/admin/vip/shared';
import type { Setting } from '../../src/admin/settings/GeneralTab';
import type { VipPackage } from '../../src/admin/settings/PackagesTab';

// The rows the screens render are exactly the wire form of the server's views.
expectTypeOf<VipRequestRow>().toEqualTypeOf<Wire<VipRequestView>>();
expectTypeOf<VipSubscriptionRow>().toEqualTypeOf<Wire<VipSubscriptionView>>();
expectTypeOf<PickUser>().toEqualTypeOf<Wire<AdminUserView>>();
expectTypeOf<Setting>().toEqualTypeOf<Wire<SettingView>>();
expectTypeOf<VipPackage>().toEqualTypeOf<Wire<PackageView>>();

// Dates arrive as ISO strings, never as Date.
expectTypeOf<VipRequestRow['requestDate']>().toEqualTypeOf<string>();
expectTypeOf<VipSubscriptionRow['endDate']>().toEqualTypeOf<string>();
expectTypeOf<PickUser['vipEndDate']>().toEqualTypeOf<string | null>();

// A request row carries the bank-transfer part the details dialog shows.
expectTypeOf<VipRequestRow>().toExtend<PaymentRow>();

// The stats tab reads only numbers; the bank account view never carries its timestamps.
expectTypeOf<Wire<VipStatsView>[keyof VipStatsView]>().toEqualTypeOf<number>();
expectTypeOf<BankAccountView>().not.toHaveProperty('createdAt');

// The comments list's widened paging block reaches the screen without a cast.
expectTypeOf<CommentPagination>().toExtend<Pagination>();
expectTypeOf<ApiSuccess<Wire<AdminCommentView>[], CommentPagination>['pagination']>().toEqualTypeOf<CommentPagination | undefined>();
