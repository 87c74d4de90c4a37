import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBookingBody } from '@shared/api/customer-booking.schema';
import type { StaffBookingDetail } from '@shared/api/staff.schema';
import { failureMessage, httpStatus } from '@renderer/shared/api/error-message';
import { notify } from '@renderer/shared/ui/toaster';
import { requestDetailKey } from './api/get-request-detail';
import { saveSchedule } from './api/save-schedule';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';

/** The toasts of one schedule edit (the editor gives the same texts to the organizer and the team). */
export interface ScheduleSaveMessages {
  success: string;
  successDescription?: string;
  failure: string;
  failureTitle?: string;
}

export type ScheduleSave = (
  patch: Omit<UpdateBookingBody, 'lastModified'>,
  messages: ScheduleSaveMessages,
) => Promise<boolean>;

/**
 * The team edits a booking's schedule on the customer's behalf (`PUT …/schedule`, same rules as
 * the customer's edit: slot capacity, stale-write check). The answer replaces the request's
 * detail; a 409 (someone saved first) reloads it.
 */
export function useScheduleSave(detail: StaffBookingDetail): { save: ScheduleSave; isSaving: boolean } {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (patch: Omit<UpdateBookingBody, 'lastModified'>) => saveSchedule(detail, patch),
    onSuccess: (updated) => {
      queryClient.setQueryData(requestDetailKey(detail._id), updated);
      void queryClient.invalidateQueries({
        queryKey: staffQueryKeys.all,
        predicate: (query) => query.queryKey[1] !== 'request' && query.queryKey[1] !== 'session',
      });
    },
  });

  const save: ScheduleSave = async (patch, messages) => {
    try {
      await mutation.mutateAsync(patch);
    } catch (error) {
      const message = failureMessage(error, {
        fallbackByStatus: { 409: 'Conflit de données' },
        fallback: messages.failure,
      });
      if (messages.failureTitle) notify.error(messages.failureTitle, { description: message });
      else notify.error(message);
      if (httpStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: requestDetailKey(detail._id) });
      return false;
    }
    notify.success(messages.success, messages.successDescription ? { description: messages.successDescription } : {});
    return true;
  };

  return { save, isSaving: mutation.isPending };
}
