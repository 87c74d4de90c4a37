import type { StaffBookingDetail } from '@shared/api/staff.schema';
import { ActivitiesSection } from '@renderer/features/booking-detail/activities-section';
import { StaffRequestPage } from '@renderer/admin/request/request-page';
import { useScheduleSave } from '@renderer/admin/request/use-schedule-save';
import { staffApi } from '@renderer/admin/session/staff-client';
import { ChatPanel } from '@renderer/features/chat/chat-panel';
import { createChatApi } from '@renderer/shared/api/messages';

/** The team answers in the booking's discussion as 'Équipe', with the staff token (never the customer's). */
const staffChatApi = createChatApi(staffApi, 'staff');

/** The organizer's schedule editor, saving through the team's call (`PUT …/staff/…/schedule`). */
function StaffScheduleEditor({ booking }: { booking: StaffBookingDetail }) {
  const { save, isSaving } = useScheduleSave(booking);
  return <ActivitiesSection detail={booking} editable save={save} busy={isSaving} />;
}

/**
 * The request page as the back-office shows it: the back-office, chat and booking-detail features
 * are composed here, since features never import each other (docs/architecture.md).
 */
export function AdminRequestRoute() {
  return (
    <StaffRequestPage
      renderChat={(booking) => <ChatPanel bookingId={booking._id} api={staffChatApi} side="team" />}
      renderScheduleEditor={(booking) => <StaffScheduleEditor booking={booking} />}
    />
  );
}
