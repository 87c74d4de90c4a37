import { Spinner, Text } from '@chakra-ui/react';
import { CalendarDays, CreditCard, Info, MessageCircle, QrCode } from 'lucide-react';
import { __iconData as usersIcon } from 'lucide-react/icons/users';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { LineIcon } from '@renderer/shared/ui/line-icon';
import { WhenNear } from '@renderer/shared/ui/when-near';
import { ActivitiesSection } from './activities-section';
import type { BookingDetailSlots } from './booking-detail-shell';
import { CancelBooking } from './cancel-booking';
import { DetailSection } from './detail-section';
import { GeneralInfoSection } from './general-info-section';
import { LeaveBooking } from './leave-booking';
import { OptionalActivities } from './optional-activities';
import { ParticipantsSection } from './participants-section';
import { SurpriseCard } from './surprise-section';
import { useSaveBooking } from './use-save-booking';

interface BookingSectionsProps {
  routeId: string;
  detail: BookingDetail;
  slots: BookingDetailSlots;
  canEditInfo: boolean;
  canEditActivities: boolean;
}

/**
 * The booking's sections under its header and progress: general information, activities,
 * participants, leaving or cancelling, the discussion, the payment and the pass. A chunk of its
 * own, loaded once the top of the page has painted (docs/decisions.md, performance rule 26).
 */
export function BookingSections({ routeId, detail, slots, canEditInfo, canEditActivities }: BookingSectionsProps) {
  const { hash } = useLocation();
  const { save, isSaving } = useSaveBooking(routeId, detail);
  const chat = slots.discussion?.(detail);

  // The dashboard's 'Discuter' opens this page at #discussion.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  return (
    <>
      <DetailSection id="informations" title="Informations générales" icon={<Info size={20} />}>
        <GeneralInfoSection detail={detail} editable={canEditInfo} save={save} busy={isSaving} />
      </DetailSection>
      {detail.programmeHidden ? (
        <SurpriseCard detail={detail} />
      ) : (
        <DetailSection id="activites" title="Activités" icon={<CalendarDays size={20} />}>
          {/* Below the fold on a phone: rendered once near or idle, after the top of the page
              (docs/decisions.md, performance rule 19). */}
          <WhenNear minH="40">
            <ActivitiesSection detail={detail} editable={canEditActivities} save={save} busy={isSaving} />
          </WhenNear>
          {detail.payment.collective && <OptionalActivities bookingId={detail._id} />}
        </DetailSection>
      )}
      {detail.permissions.canAddParticipants && (
        <DetailSection id="participants" title="Participants" icon={<LineIcon icon={usersIcon} size={20} />}>
          <WhenNear minH="40">
            <ParticipantsSection detail={detail} inviteLinks={slots.inviteLinks} />
          </WhenNear>
        </DetailSection>
      )}
      {detail.userRole === 'participant' && <LeaveBooking bookingId={detail._id} />}
      {detail.userRole === 'organizer' && (
        <CancelBooking bookingId={detail._id} status={detail.status} startDate={detail.startDate} />
      )}
      <DetailSection id="discussion" title="Discussion" icon={<MessageCircle size={20} />} badge={chat?.badge}>
        {chat ? (
          chat.content
        ) : (
          <Text color="fg.muted">
            La discussion avec l’équipe du parc arrive bientôt sur cette page : tous les participants de la réservation
            pourront y échanger avec nous.
          </Text>
        )}
      </DetailSection>
      {slots.payment &&
        detail.permissions.canPay &&
        detail.payment.config &&
        detail.adminValidation === 'validated' && (
          <DetailSection id="paiement" title="Paiement" icon={<CreditCard size={20} />}>
            <Suspense fallback={<Spinner role="status" aria-label="Chargement du paiement" />}>
              {slots.payment(detail)}
            </Suspense>
          </DetailSection>
        )}
      {slots.pass && detail.status === 'confirmed' && (
        <DetailSection id="pass" title="Mon pass" icon={<QrCode size={20} />}>
          <Suspense fallback={<Spinner role="status" aria-label="Chargement du pass" />}>{slots.pass(detail)}</Suspense>
        </DetailSection>
      )}
    </>
  );
}
