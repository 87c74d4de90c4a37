/**
 * The payment messages and labels, without the schemas that use them (api/payments.schema.ts re-exports
 * them): a page that shows one does not load zod with it (docs/decisions.md, performance rule 24).
 */

/** SPEC.md §8 'Payment' and the server's refusals, word for word. */
export const PAYMENT_MESSAGES = {
  contractDownload: 'Erreur lors du téléchargement du contrat',
  contractUnavailable: 'Contrat non disponible',
  authorizationStatus: "Erreur lors de la récupération du statut d'autorisation",
  depositNotConfigured: "L'autorisation de caution n'a pas encore été configurée par l'établissement",
  noAuthorization: 'Aucune autorisation disponible',
  depositAlreadyAuthorized: (euros: string) => `Votre caution de ${euros}€ est déjà autorisée`,
  cannotPay: 'Vous ne pouvez pas effectuer de paiement pour le moment',
  createPayment: 'Erreur lors de la création du paiement',
  initiatePayment: "Erreur lors de l'initiation du paiement",
  configuration: 'Erreur de configuration des paiements',
  authorizationFailed: "Erreur lors de l'autorisation",
  paymentFailed: 'Erreur lors du paiement',
  unexpectedAuthorization: (status: string) => `Statut d'autorisation inattendu: ${status}`,
  unexpectedPayment: (status: string) => `Statut de paiement inattendu: ${status}`,
  synchronisation:
    'Votre paiement a bien été accepté, mais sa synchronisation avec votre réservation a échoué. Rechargez la page dans un instant ; si rien ne change, contactez notre équipe.',
  expired: 'Délai de paiement expiré',
  urgent:
    'Le délai de paiement de votre réservation est dépassé : contactez rapidement notre équipe pour conserver votre réservation.',
  // Refusals of the server (not quoted by SPEC.md).
  alreadyPaid: 'Ce paiement a déjà été effectué',
  shareNotAllowed: 'Seul ce participant peut régler sa part',
  participantNotFound: 'Participant non trouvé',
  intentNotFound: 'Paiement introuvable',
  depositTooEarly: (date: string) => `La caution pourra être autorisée à partir du ${date}`,
  totalExceeded: 'Le montant payé dépasserait le total de la réservation',
  cardDeclined: 'Votre carte a été refusée.',
  cardInvalid: 'Numéro de carte invalide. En mode test, utilisez 4242 4242 4242 4242.',
  authenticationRefused: 'L’authentification de la carte a échoué.',
  testModeOnly: 'Le formulaire de carte de test n’est disponible qu’en mode test',
  webhookSignature: 'Signature du webhook invalide',
  refundNothing: 'Aucun montant n’est remboursable selon les conditions de vente',
  captureNoHold: 'Aucune caution autorisée à encaisser pour cette réservation',
  captureAmount: (max: string) => `Le montant à encaisser doit être compris entre 0,01 € et ${max}`,
  amountInvalid: 'Le montant doit être un nombre positif en euros',
} as const;

/** The payment types of SPEC.md §5 'Payment', as the booking page and the back-office name them. */
export const PAYMENT_TYPE_LABELS = {
  deposit_check: 'Caution par chèque',
  deposit_card: 'Caution par carte (empreinte bancaire)',
  partial_payment_card: 'Acompte par carte',
  full_payment_organizer: 'Paiement complet par l’organisateur',
  collective_payment: 'Paiement collectif',
};
