import type { EstimateParam } from './media';
import { ESTIMATE_MESSAGES } from '@shared/estimates/estimate';
import { ApiError } from '../../lib/api-client';
import type { StaffEstimate } from './model';

/** Update failures by status (spec 002 §8 'Estimates'). */
export function updateErrorText(error: unknown, horses: boolean): string {
  if (!(error instanceof ApiError)) return 'Tahmin güncellenirken hata oluştu.';
  if (error.status === 404) return ESTIMATE_MESSAGES.notFound;
  if (error.status === 401) return 'Bu işlem için yetkiniz bulunmuyor.';
  if (error.status === 403) return horses ? ESTIMATE_MESSAGES.forbiddenHorses : ESTIMATE_MESSAGES.forbiddenUpdate;
  if (error.status === 409) return error.message || ESTIMATE_MESSAGES.locked;
  if (error.status >= 500) return 'Sunucu hatası. Lütfen daha sonra tekrar deneyin';
  if (error.status === 0) return error.message;
  if (error.status === 400 && error.message) return error.message;
  return 'Tahmin güncellenirken hata oluştu.';
}

/** What each tab of the edit dialog gets: the estimate, its route parameters, and where a changed estimate goes. */
export interface EstimatePanelProps {
  estimate: StaffEstimate;
  param: EstimateParam;
  onChanged: (estimate: StaffEstimate) => void;
}
