import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetail, UpdateBookingBody } from '@shared/api/customer-booking.schema';
import { BOOKING_EDIT_MESSAGES } from '@shared/booking-messages';
import { failureMessage, httpStatus } from '@renderer/shared/api/error-message';
import { pageReload } from '@renderer/shared/ui/page-reload';
import { notify } from '@renderer/shared/ui/toaster';
import { bookingDetailQueryKey } from './api/get-booking-detail';
import { useIsSavingBooking, useUpdateBooking } from './api/update-booking';

/** Long enough to read the toast before the page reloads. */
export const RELOAD_DELAY_MS = 1500;

export interface SaveMessages {
  success: string;
  successDescription?: string;
  /** SPEC.md §8's message for this edit, shown when the server gives no text of its own. */
  failure: string;
  /**
   * A title above the failure when the edit is one step of a larger save (adding an activity
   * saves the day's activities): the failure message then goes under it.
   */
  failureTitle?: string;
}

/**
 * One way to save an edit of the booking: the current lastModified goes with it; a 403 (the
 * booking got locked meanwhile) reloads the page (SPEC.md §6); a 409 (someone else saved first)
 * shows the server's text and reloads the detail.
 */
export function useSaveBooking(routeId: string, detail: BookingDetail) {
  const queryClient = useQueryClient();
  const mutation = useUpdateBooking(routeId, detail._id);
  const isSaving = useIsSavingBooking(detail._id);

  const save = async (patch: Omit<UpdateBookingBody, 'lastModified'>, messages: SaveMessages): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ ...patch, lastModified: detail.lastModified });
    } catch (error) {
      const status = httpStatus(error);
      // 5xx texts are the server's generic ones; the edit's own message says more.
      const message = failureMessage(error, {
        fallbackByStatus: { 403: BOOKING_EDIT_MESSAGES.locked, 409: 'Conflit de données' },
        fallback: messages.failure,
      });
      if (messages.failureTitle) notify.error(messages.failureTitle, { description: message });
      else notify.error(message);
      if (status === 403) window.setTimeout(() => pageReload.reload(), RELOAD_DELAY_MS);
      if (status === 409) void queryClient.invalidateQueries({ queryKey: bookingDetailQueryKey(routeId) });
      return false;
    }
    notify.success(messages.success, messages.successDescription ? { description: messages.successDescription } : {});
    return true;
  };

  return { save, isSaving };
}

export type SaveBooking = ReturnType<typeof useSaveBooking>['save'];
