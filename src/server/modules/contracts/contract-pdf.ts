import PDFDocument from 'pdfkit';
import { PAYMENT_TYPE_LABELS, type PaymentType } from '../../../shared/api/payments.schema';
import { dayLabel } from '../../../shared/day-label';
import { BOOKING_DISPLAY_LABELS } from '../../../shared/labels';
import type { CancellationTerms } from '../../../shared/refund-policy';

export interface ContractData {
  reference: string;
  park: {
    name: string;
    legalName: string;
    siret: string;
    address: string;
    phone: string;
    email: string;
    website: string;
  };
  customer: { name: string; email: string; phone: string | null };
  event: { type: string; startDate: string; endDate: string; participants: number; note: string };
  lines: Array<{ day: string; time: string | null; name: string; participants: number; totalCents: number }>;
  payment: {
    type: PaymentType;
    totalCents: number;
    dueCents: number;
    percentage: number | null;
    dueAt: Date;
    instructions: string;
  };
  /** The booking's frozen cancellation terms (the current ones before it is confirmed). */
  cancellationTerms: CancellationTerms;
  issuedAt: Date;
}

/** pdfkit's standard fonts speak WinAnsi: French accents and '€' pass, narrow spaces do not. */
const clean = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[’]/g, "'");

const euros = (cents: number) =>
  clean(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100));

const longDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const instant = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(date);

const weeks = (days: number) => (days % 7 === 0 ? `${days / 7} semaine${days > 7 ? 's' : ''}` : `${days} jours`);
const under = (days: number) => (days === 7 ? 'moins d’une semaine' : `moins de ${weeks(days)}`);

/** The client's cancellation refund as the booking's copy of the terms says it (SPEC.md §9 for the current one). */
export function cancellationText(terms: CancellationTerms): string {
  const tiers = [...terms.tiers].sort((x, y) => y.minDaysBefore - x.minDaysBefore);
  const parts = tiers.map((tier, index) => {
    if (index === 0) {
      const from =
        (tier.minDaysBefore - 1) % 7 === 0
          ? `plus de ${weeks(tier.minDaysBefore - 1)}`
          : `au moins ${tier.minDaysBefore} jours`;
      return `${from} avant la date, remboursement de ${tier.rate} %`;
    }
    return `entre ${weeks(tiers[index - 1]!.minDaysBefore - 1)} et ${weeks(tier.minDaysBefore)}, ${tier.rate} %`;
  });
  const last = tiers.at(-1);
  if (last) parts.push(`${under(last.minDaysBefore)}, aucun remboursement`);
  return `Annulation par le client : ${parts.join(' ; ')}.`;
}

/**
 * The terms of sale of SPEC.md §9 printed on the contract, its cancellation terms from the booking's
 * frozen copy (docs/decisions.md, "Payments"). The money paid before the stay is a down payment
 * (« acompte »), never « arrhes ».
 */
export function contractTerms(terms: CancellationTerms): string[] {
  return [
    'Une réservation en option est conservée au plus 24 heures, puis libérée automatiquement.',
    'Les sommes versées avant la prestation sont des acomptes (et non des arrhes) : la réservation confirmée engage le client et le parc.',
    cancellationText(terms),
    `Des frais de dossier de ${terms.feeCents / 100} euros peuvent être retenus sur tout remboursement.`,
    `Ces conditions d’annulation sont celles en vigueur à la confirmation de la réservation (version ${terms.version}) ; une modification ultérieure des conditions générales ne les change pas.`,
    'Un retard de plus de 15 minutes peut écourter l’activité ; au-delà de 30 minutes, elle peut être annulée sans remboursement.',
    'Les réclamations sont reçues dans les 30 jours suivant la prestation et traitées sous 15 jours ouvrés.',
    'Les données de réservation sont conservées 3 ans après la dernière activité.',
    'Si le parc annule pour météo ou force majeure : remboursement intégral ou report gratuit.',
  ];
}

function paymentTerms(payment: ContractData['payment']): string {
  switch (payment.type) {
    case 'full_payment_organizer':
      return `Paiement complet de ${euros(payment.totalCents)} par carte, par l'organisateur.`;
    case 'partial_payment_card':
      return `Acompte de ${payment.percentage ?? 100} % (${euros(payment.dueCents)}) par carte ; le solde de ${euros(payment.totalCents - payment.dueCents)} est réglé le jour de l'arrivée.`;
    case 'collective_payment':
      return `Paiement collectif : le total de ${euros(payment.totalCents)} est partagé entre les participants inscrits, chacun réglant sa part par carte.`;
    case 'deposit_card':
      return `Caution de ${euros(payment.dueCents)} par empreinte bancaire (autorisation temporaire, libérée automatiquement après le séjour) ; le prix de ${euros(payment.totalCents)} est réglé sur place.`;
    case 'deposit_check':
      return `Caution de ${euros(payment.dueCents)} par chèque remis au parc ; le prix de ${euros(payment.totalCents)} est réglé sur place.`;
  }
}

/** The booking contract (DESIGN.md §4): parties, event, day-by-day schedule, amounts, payment terms, terms of sale. */
export function renderContractPdf(data: ContractData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: clean(`Contrat de réservation ${data.reference}`),
      Author: clean(data.park.name),
      Subject: 'Contrat de réservation',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string) =>
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(clean(text)).moveDown(0.3);
  const line = (text: string) => doc.font('Helvetica').fontSize(10).text(clean(text));

  doc.font('Helvetica-Bold').fontSize(18).text('Contrat de réservation', { align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(clean(`Référence ${data.reference}`), { align: 'center' });
  doc.fontSize(9).text(clean(`Établi le ${instant(data.issuedAt)}`), { align: 'center' });

  heading('Les parties');
  line(`Le prestataire : ${data.park.legalName} (${data.park.name}), SIRET ${data.park.siret}`);
  line(`${data.park.address} - ${data.park.phone} - ${data.park.email} - ${data.park.website}`);
  line(
    `Le client : ${data.customer.name} - ${data.customer.email}${data.customer.phone ? ` - ${data.customer.phone}` : ''}`,
  );

  heading("L'événement");
  line(`Type : ${BOOKING_DISPLAY_LABELS[data.event.type] ?? data.event.type}`);
  line(
    data.event.endDate !== data.event.startDate
      ? `Dates : du ${longDay(data.event.startDate)} au ${longDay(data.event.endDate)}`
      : `Date : ${longDay(data.event.startDate)}`,
  );
  line(`Participants : ${data.event.participants}`);
  if (data.event.note) line(`Note : ${data.event.note}`);

  heading('Programme jour par jour');
  let currentDay = '';
  for (const item of data.lines) {
    if (item.day !== currentDay) {
      currentDay = item.day;
      doc
        .moveDown(0.3)
        .font('Helvetica-Bold')
        .fontSize(10)
        .text(clean(dayLabel(data.event.startDate, item.day)));
    }
    line(
      `  ${item.time ? `${item.time} - ` : ''}${item.name} - ${item.participants} pers. - ${euros(item.totalCents)}`,
    );
  }

  heading('Montants');
  line(`Total de la réservation : ${euros(data.payment.totalCents)}`);
  line(`Montant demandé en ligne : ${euros(data.payment.dueCents)}`);

  heading('Modalités de paiement');
  line(`Type de paiement : ${PAYMENT_TYPE_LABELS[data.payment.type]}`);
  line(paymentTerms(data.payment));
  line(`Date limite de paiement : ${instant(data.payment.dueAt)}`);
  if (data.payment.instructions) line(`Instructions : ${data.payment.instructions}`);

  heading('Conditions générales de vente');
  for (const term of contractTerms(data.cancellationTerms)) line(`- ${term}`);

  doc.end();
  return done;
}
