import { StaffRequestPage } from '../../features/admin/request/request-page';
import { staffApi } from '../../features/admin/session/staff-client';
import { ChatPanel } from '../../features/chat/chat-panel';
import { createChatApi } from '../../shared/api/messages';

/** The team answers in the booking's discussion as 'Équipe', with the staff token (never the customer's). */
const staffChatApi = createChatApi(staffApi, 'staff');

/**
 * The request page as the back-office shows it: the back-office feature and the chat feature are
 * composed here, since features never import each other (docs/architecture.md).
 */
export function AdminRequestRoute() {
  return <StaffRequestPage renderChat={(booking) => <ChatPanel bookingId={booking._id} api={staffChatApi} />} />;
}
