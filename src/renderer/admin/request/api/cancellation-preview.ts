import { groupCalls } from '@shared/api/group.contract';
import type { CancellationPreview } from '@shared/api/group.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffApi } from '@renderer/admin/session/staff-client';

/** GET …/cancellation-preview: who would get what back, under the booking's frozen terms. */
export async function getCancellationPreview(
  bookingId: string,
  options: { withFee: boolean; parkCancels: boolean },
): Promise<CancellationPreview> {
  const answer = await callApi(staffApi, groupCalls.staffCancellationPreview, {
    params: { id: bookingId },
    query: {
      withFee: String(options.withFee) as 'true' | 'false',
      parkCancels: String(options.parkCancels) as 'true' | 'false',
    },
  });
  return answer.data;
}
