import { DashboardShell } from '../features/dashboard/dashboard-shell';
import { useInvitations } from '../features/invitation/api/get-invitations';
import { INVITATIONS_ERROR, InvitationsTab } from '../features/invitation/invitations-tab';
import { PaymentsTab } from '../features/payments/payments-tab';

/**
 * /dashboard: the customer area (dashboard feature: side panel, reservations, profile) with the
 * tabs of the invitation and payments features composed into it. The invitations list is read
 * here too (one query, shared with the tab) for the tab's badge, the opening tab and the toast.
 */
export function DashboardRoute() {
  const invitations = useInvitations();
  return (
    <DashboardShell
      invitations={{
        content: <InvitationsTab />,
        count: invitations.data?.length,
        loadError: invitations.isError ? INVITATIONS_ERROR : undefined,
      }}
      payments={<PaymentsTab />}
    />
  );
}
