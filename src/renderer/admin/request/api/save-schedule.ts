import type { UpdateBookingBody } from '@shared/api/customer-booking.schema';
import { staffCalls } from '@shared/api/staff.contract';
import type { StaffBookingDetail } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffApi } from '@renderer/admin/session/staff-client';

/**
 * PUT …/schedule: the team edits the schedule on the customer's behalf, with the detail's
 * lastModified (stale-write check); answers the updated detail. The hook is use-schedule-save.ts.
 */
export async function saveSchedule(detail: StaffBookingDetail, patch: Omit<UpdateBookingBody, 'lastModified'>) {
  return (
    await callApi(staffApi, staffCalls.schedule, {
      params: { id: detail._id },
      body: { ...patch, lastModified: detail.lastModified },
    })
  ).data;
}
