import type { ReactNode } from 'react';
import { AuthCard } from '@renderer/shared/ui/auth-card';

/** The frame of the staff login and setup pages: the shared auth card, with the team's kicker. */
export function StaffAuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <AuthCard title={title} lead={lead} kicker="Espace équipe du parc" width="md">
      {children}
    </AuthCard>
  );
}
